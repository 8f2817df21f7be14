import { useForm } from 'react-hook-form';
import { CloudRain, Trash2 } from 'lucide-react';
import { weatherConditions, type WeatherCondition } from '@core/domain/weather.ts';
import type { ForecastList, SetForecastInput } from '@core/schemas/weather.ts';
import { DebugQueryState } from '@/components/debug/debug-query-state.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input, fieldClasses } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { addDays, formatLongDate, toIsoDate } from '@/lib/calendar-dates.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useClearForecast, useRunWeatherCheck, useSetForecast, useTestWeather } from '../api/test-weather.ts';
import { fieldGridClassName } from '@/components/ui/field-grid.ts';

const conditionLabels: Record<WeatherCondition, string> = { clear: 'Clear', rain: 'Rain', snow: 'Snow' };

/**
 * /test-weather-notifications (issue 20): admins set the built-in forecast provider's weather per ZIP code and
 * day, see what is set, clear it, and run one pass of the weather check at once. Demo mode only.
 */
export default function TestWeatherNotificationsPage() {
  const forecasts = useTestWeather();
  return (
    <DebugQueryState query={forecasts} label="the test forecasts">
      {(list) => (
        <div className="grid gap-4 p-4">
          <div className="grid gap-1">
            <h1 className="text-xl font-semibold text-neutral-900">Weather notifications test</h1>
            <p className="text-sm text-neutral-600">
              Exterior bookings are checked 24 hours and 3 hours before they start. Rain or snow with a chance of {list.thresholdPercent}%
              or more sends 'Rain expected' to the customer and the detailer.
            </p>
            {list.provider !== 'builtin' && (
              <p className="rounded-control bg-warning-50 p-3 text-sm text-warning-800">
                Forecasts come from Open-Meteo on this server: what you set here is not used.
              </p>
            )}
          </div>
          <ForecastForm />
          <ForecastEntries list={list} />
          <RunCheck />
        </div>
      )}
    </DebugQueryState>
  );
}

const ids = { zip: 'weather-zip', date: 'weather-date', condition: 'weather-condition', chance: 'weather-chance' };

const resolver = schemaResolver<SetForecastInput>(() => import('@core/schemas/weather.ts').then((schemas) => schemas.setForecastSchema));

function ForecastForm() {
  const save = useSetForecast();
  const { register, handleSubmit, setError, formState } = useForm<SetForecastInput>({
    resolver,
    defaultValues: { zip: '', date: addDays(toIsoDate(new Date()), 1), condition: 'rain', precipitationChance: 80 },
  });
  const { errors } = formState;

  const submit = handleSubmit((forecast) =>
    save.mutateAsync(forecast).then(
      () =>
        toast({
          title: 'Weather set',
          description: `${conditionLabels[forecast.condition]} on ${formatLongDate(forecast.date)} in ${forecast.zip}`,
        }),
      (error: unknown) => {
        if (error instanceof ApiError && error.fields) {
          for (const [name, message] of Object.entries(error.fields)) setError(name as keyof SetForecastInput, { message });
        } else toast({ title: "Couldn't set the weather", description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    ),
  );

  const describedBy = (id: string) => `${id}-error`;
  return (
    <Card className="p-4">
      <form noValidate onSubmit={submit} className="grid gap-4" aria-labelledby="weather-form-heading">
        <h2 id="weather-form-heading" className="text-base font-semibold text-neutral-900">
          Set the weather
        </h2>
        <div className={fieldGridClassName}>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={ids.zip}>ZIP code</Label>
            <Input
              id={ids.zip}
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
              aria-invalid={errors.zip ? true : undefined}
              aria-describedby={describedBy(ids.zip)}
              {...register('zip')}
            />
            <FieldError id={describedBy(ids.zip)}>{errors.zip?.message}</FieldError>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={ids.date}>Day</Label>
            <Input
              id={ids.date}
              type="date"
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={describedBy(ids.date)}
              {...register('date')}
            />
            <FieldError id={describedBy(ids.date)}>{errors.date?.message}</FieldError>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={ids.condition}>Condition</Label>
            <select id={ids.condition} className={cn(fieldClasses, 'h-11')} {...register('condition')}>
              {weatherConditions.map((condition) => (
                <option key={condition} value={condition}>
                  {conditionLabels[condition]}
                </option>
              ))}
            </select>
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor={ids.chance}>Chance (%)</Label>
            <Input
              id={ids.chance}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              aria-invalid={errors.precipitationChance ? true : undefined}
              aria-describedby={describedBy(ids.chance)}
              {...register('precipitationChance', { valueAsNumber: true })}
            />
            <FieldError id={describedBy(ids.chance)}>{errors.precipitationChance?.message}</FieldError>
          </div>
        </div>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Set weather'}
        </Button>
      </form>
    </Card>
  );
}

function ForecastEntries({ list }: { list: ForecastList }) {
  const clear = useClearForecast();
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-base font-semibold text-neutral-900">Weather set</h2>
      {list.entries.length === 0 ? (
        <EmptyState
          icon={<CloudRain aria-hidden />}
          title="No weather set"
          description="Every ZIP code is dry on every day until you set it."
        />
      ) : (
        <ul className="grid gap-2" aria-label="Weather set">
          {list.entries.map((entry) => {
            const label = `${entry.zip}, ${formatLongDate(entry.date)}`;
            return (
              <li key={`${entry.zip}-${entry.date}`} className="flex items-center justify-between gap-3 rounded-control bg-neutral-50 p-3">
                <div className="grid">
                  <span className="text-sm font-medium text-neutral-900">{label}</span>
                  <span className="text-sm text-neutral-600">
                    {conditionLabels[entry.condition]}, {entry.precipitationChance}% chance
                  </span>
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Clear ${label}`}
                  disabled={clear.isPending}
                  onClick={() =>
                    clear.mutate(entry, {
                      onError: (error) =>
                        toast({
                          title: "Couldn't clear it",
                          description: errorMessage(error, 'Please try again.'),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  <Trash2 aria-hidden />
                  Clear
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

function RunCheck() {
  const run = useRunWeatherCheck();
  const result = run.data;
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-base font-semibold text-neutral-900">Weather check</h2>
      <p className="text-sm text-neutral-600">
        Runs the scheduler's check now, as it runs every five minutes. Each booking is notified once per check window.
      </p>
      <Button
        variant="accent"
        disabled={run.isPending}
        onClick={() =>
          run.mutate(undefined, {
            onError: (error) =>
              toast({ title: "Couldn't run the check", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
          })
        }
      >
        {run.isPending ? 'Checking...' : 'Run weather check now'}
      </Button>
      <p role="status" className="text-sm font-medium text-neutral-900">
        {result &&
          `${result.flagged} ${result.flagged === 1 ? 'booking' : 'bookings'} flagged for rain, ${result.checked} checked${result.failed > 0 ? `, ${result.failed} forecasts failed (retried next pass)` : ''}.`}
      </p>
    </Card>
  );
}
