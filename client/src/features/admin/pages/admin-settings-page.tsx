import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  payoutWeekdayNames,
  platformSettingsFormSchema,
  type PlatformSettingsFormOutput,
  type PlatformSettingsFormValues,
  type PlatformSettingsResponse,
} from '@core/schemas/platform-settings.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input, fieldClasses } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { toast } from '@/lib/toast.ts';
import { usePlatformSettings } from '../api/get-platform-settings.ts';
import { useUpdatePlatformSettings } from '../api/update-platform-settings.ts';

type FieldName = keyof PlatformSettingsFormValues;

/** The API's field names (basis points) as the form's (percent). */
const formFieldOf: Record<string, FieldName> = {
  commissionBasisPoints: 'commissionPercent',
  payoutWeekday: 'payoutWeekday',
};

const ids = {
  commission: { input: 'settings-commission', hint: 'settings-commission-hint', error: 'settings-commission-error' },
  weekday: { input: 'settings-payout-weekday', hint: 'settings-payout-weekday-hint', error: 'settings-payout-weekday-error' },
};

const formValuesOf = (settings: PlatformSettingsResponse): PlatformSettingsFormValues => ({
  commissionPercent: settings.commissionBasisPoints / 100,
  payoutWeekday: settings.payoutWeekday,
});

/** /admin/settings: the platform's commission on each job and the weekday payouts run (decision 021, issue 19). */
export default function AdminSettingsPage() {
  const settings = usePlatformSettings();

  return (
    <div className="grid gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Settings</h1>
      <section aria-labelledby="admin-settings-payouts-heading">
        <Card className="grid gap-4 p-4">
          <div className="grid gap-1">
            <h2 id="admin-settings-payouts-heading" className="text-lg font-semibold text-neutral-900">
              Payouts and commission
            </h2>
            <p className="text-sm text-neutral-600">What the platform keeps of each job, and the day detailers are paid.</p>
          </div>
          {settings.isPending ? (
            <SettingsSkeleton />
          ) : settings.isError ? (
            <ErrorState message="We couldn't load the settings." onRetry={() => settings.refetch()} />
          ) : (
            <SettingsForm settings={settings.data} />
          )}
        </Card>
      </section>
    </div>
  );
}

function SettingsForm({ settings }: { settings: PlatformSettingsResponse }) {
  const save = useUpdatePlatformSettings();
  const { register, handleSubmit, setError, reset, formState } = useForm<PlatformSettingsFormValues, unknown, PlatformSettingsFormOutput>({
    resolver: zodResolver(platformSettingsFormSchema),
    defaultValues: formValuesOf(settings),
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(formValuesOf(saved));
        toast({ title: 'Settings saved' });
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        const known = Object.entries(fields ?? {}).filter(([name]) => name in formFieldOf);
        for (const [name, message] of known) setError(formFieldOf[name]!, { message }, { shouldFocus: true });
        if (known.length === 0) toast({ title: "Couldn't save the settings", description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    }),
  );

  const commissionError = errors.commissionPercent?.message;
  const weekdayError = errors.payoutWeekday?.message;

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Payouts and commission">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={ids.commission.input}>Commission (%)</Label>
          <Input
            id={ids.commission.input}
            type="number"
            inputMode="decimal"
            step={0.01}
            min={0}
            max={50}
            aria-invalid={commissionError ? true : undefined}
            aria-describedby={`${ids.commission.hint} ${ids.commission.error}`}
            {...register('commissionPercent', { valueAsNumber: true })}
          />
          <p id={ids.commission.hint} className="text-xs text-neutral-600">
            Of each job's price and vehicle surcharge, 0 to 50. Applies to jobs completed from now on.
          </p>
          <FieldError id={ids.commission.error}>{commissionError}</FieldError>
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={ids.weekday.input}>Payout day</Label>
          <select
            id={ids.weekday.input}
            className={cn(fieldClasses, 'h-11')}
            aria-invalid={weekdayError ? true : undefined}
            aria-describedby={`${ids.weekday.hint} ${ids.weekday.error}`}
            {...register('payoutWeekday', { valueAsNumber: true })}
          >
            {payoutWeekdayNames.map((name, weekday) => (
              <option key={name} value={weekday}>
                {name}
              </option>
            ))}
          </select>
          <p id={ids.weekday.hint} className="text-xs text-neutral-600">
            Detailers' balances are paid out on this day each week.
          </p>
          <FieldError id={ids.weekday.error}>{weekdayError}</FieldError>
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

function SettingsSkeleton() {
  return (
    <div className="grid gap-4">
      <p role="status" className="sr-only">
        Loading settings
      </p>
      <div className="grid gap-4 sm:grid-cols-2" aria-hidden>
        {[0, 1].map((index) => (
          <div key={index} className="grid gap-1.5">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-11 w-full" />
          </div>
        ))}
      </div>
      <div className="flex justify-end" aria-hidden>
        <Skeleton className="h-11 w-32" />
      </div>
    </div>
  );
}
