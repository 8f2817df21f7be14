import type { ReactNode } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { formFieldOfSetting, payoutWeekdayNames, platformSettingNames, type PlatformSettingName } from '@core/domain/platform-settings.ts';
import type {
  PlatformSettingsFormOutput,
  PlatformSettingsFormValues,
  PlatformSettingsResponse,
  PlatformSettingsUpdate,
} from '@core/schemas/platform-settings.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, fieldClasses } from '@/components/ui/input.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useUpdatePlatformSettings } from '../api/update-platform-settings.ts';

const resolver = schemaResolver<PlatformSettingsFormValues, PlatformSettingsFormOutput>(() =>
  import('@core/schemas/platform-settings.ts').then((schemas) => schemas.platformSettingsFormSchema),
);

type FieldName = keyof PlatformSettingsFormValues;

type NumberField = { name: FieldName; label: string; hint: string; step: number; min: number; max: number; decimal?: boolean };
type Group = { id: string; title: string; description: string; fields: NumberField[] };

/** The form's sections, each a card: the fields and the limits the API and the database hold too. */
const groups: Group[] = [
  {
    id: 'prices',
    title: 'Prices',
    description: 'Added to each new booking. Bookings made before keep the fee and tax rate they were priced with.',
    fields: [
      {
        name: 'serviceFeeDollars',
        label: 'Service fee ($)',
        hint: '$0.00 to $100.00 per booking, not taxed.',
        step: 0.01,
        min: 0,
        max: 100,
        decimal: true,
      },
      {
        name: 'taxRatePercent',
        label: 'Tax rate (%)',
        hint: 'On the service price and surcharge, 0 to 25.',
        step: 0.01,
        min: 0,
        max: 25,
        decimal: true,
      },
    ],
  },
  {
    id: 'timing',
    title: 'Cancellations and timing',
    description: 'New bookings take these terms; a booking keeps its own cancellation terms.',
    fields: [
      {
        name: 'freeCancellationHours',
        label: 'Free cancellation (hours)',
        hint: 'Free until this many hours before the start, 0 to 168.',
        step: 1,
        min: 0,
        max: 168,
      },
      {
        name: 'lateCancellationFeeDollars',
        label: 'Late cancellation fee ($)',
        hint: 'Charged after that, $0.00 to $100.00.',
        step: 0.01,
        min: 0,
        max: 100,
        decimal: true,
      },
      {
        name: 'holdMinutes',
        label: 'Hold time (minutes)',
        hint: 'How long a time slot is held for payment, 5 to 60.',
        step: 1,
        min: 5,
        max: 60,
      },
      {
        name: 'requestTimeoutHours',
        label: 'Request expiry (hours)',
        hint: 'A request not accepted within this time expires, 1 to 72.',
        step: 1,
        min: 1,
        max: 72,
      },
    ],
  },
  {
    id: 'referrals',
    title: 'Referrals',
    description: 'Credits for new referrals; credits already given stay as they are.',
    fields: [
      {
        name: 'referralFriendCreditDollars',
        label: "Friend's credit ($)",
        hint: 'The welcome credit of a friend who signs up, $0.00 to $100.00.',
        step: 0.01,
        min: 0,
        max: 100,
        decimal: true,
      },
      {
        name: 'referralReferrerCreditDollars',
        label: "Referrer's credit ($)",
        hint: "The reward after the friend's first booking, $0.00 to $100.00.",
        step: 0.01,
        min: 0,
        max: 100,
        decimal: true,
      },
    ],
  },
  {
    id: 'payouts',
    title: 'Payouts and commission',
    description: 'What the platform keeps of each job, and the day detailers are paid.',
    fields: [
      {
        name: 'commissionPercent',
        label: 'Commission (%)',
        hint: "Of each job's price and vehicle surcharge, 0 to 50. Applies to jobs completed from now on.",
        step: 0.01,
        min: 0,
        max: 50,
        decimal: true,
      },
    ],
  },
];

const fieldId = (name: string) => `settings-${name}`;

/** Cents and basis points as the form types them (dollars, percent). */
export const formValuesOf = (s: PlatformSettingsResponse): PlatformSettingsFormValues => ({
  serviceFeeDollars: s.serviceFeeCents / 100,
  taxRatePercent: s.taxRateBasisPoints / 100,
  freeCancellationHours: s.freeCancellationHours,
  lateCancellationFeeDollars: s.lateCancellationFeeCents / 100,
  holdMinutes: s.holdMinutes,
  requestTimeoutHours: s.requestTimeoutHours,
  referralFriendCreditDollars: s.referralFriendCreditCents / 100,
  referralReferrerCreditDollars: s.referralReferrerCreditCents / 100,
  supportEmail: s.supportEmail,
  commissionPercent: s.commissionBasisPoints / 100,
  payoutWeekday: s.payoutWeekday,
});

/** Only what differs from the saved settings is sent: the audit list then names exactly what the admin changed. */
function changedFields(saved: PlatformSettingsResponse, form: PlatformSettingsFormOutput): PlatformSettingsUpdate {
  const changes: Record<string, unknown> = {};
  for (const name of platformSettingNames) if (form[name] !== saved[name]) changes[name] = form[name];
  return changes as PlatformSettingsUpdate;
}

/** Every platform setting in one form (issue 19): one Save, field errors under their fields, the server's too. */
export function PlatformSettingsForm({ settings }: { settings: PlatformSettingsResponse }) {
  const save = useUpdatePlatformSettings();
  const { register, handleSubmit, setError, reset, formState } = useForm<PlatformSettingsFormValues, unknown, PlatformSettingsFormOutput>({
    resolver,
    defaultValues: formValuesOf(settings),
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit((form) => {
    const body = changedFields(settings, form);
    if (Object.keys(body).length === 0) {
      toast({ title: 'No changes to save' });
      return;
    }
    save.mutate(body, {
      onSuccess: (saved) => {
        reset(formValuesOf(saved));
        toast({ title: 'Settings saved' });
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        const known = Object.entries(fields ?? {}).filter(([name]) => name in formFieldOfSetting);
        for (const [name, message] of known) setError(formFieldOfSetting[name as PlatformSettingName], { message }, { shouldFocus: true });
        if (known.length === 0)
          toast({ title: "Couldn't save the settings", description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Platform settings">
      {groups.map((group) => (
        <SettingsGroup key={group.id} id={group.id} title={group.title} description={group.description}>
          {group.fields.map((field) => (
            <NumberSetting key={field.name} field={field} register={register} error={errors[field.name]?.message} />
          ))}
          {group.id === 'payouts' && (
            <FormField
              id={fieldId('payoutWeekday')}
              label="Payout day"
              hint="Detailers' balances are paid out on this day each week."
              error={errors.payoutWeekday?.message}
            >
              {(control) => (
                <select className={cn(fieldClasses, 'h-11')} {...control} {...register('payoutWeekday', { valueAsNumber: true })}>
                  {payoutWeekdayNames.map((name, weekday) => (
                    <option key={name} value={weekday}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
        </SettingsGroup>
      ))}
      <SettingsGroup id="support" title="Support" description="Where customers and detailers write for help; shown in the help centre.">
        <FormField id={fieldId('supportEmail')} label="Support email" error={errors.supportEmail?.message} className="sm:col-span-2">
          {(control) => <Input type="email" autoComplete="off" {...control} {...register('supportEmail')} />}
        </FormField>
      </SettingsGroup>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

function SettingsGroup({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  const headingId = `admin-settings-${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <Card className="grid gap-4 p-4">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg font-semibold text-neutral-900">
            {title}
          </h2>
          <p className="text-sm text-neutral-600">{description}</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">{children}</div>
      </Card>
    </section>
  );
}

function NumberSetting({
  field,
  register,
  error,
}: {
  field: NumberField;
  register: UseFormRegister<PlatformSettingsFormValues>;
  error?: string;
}) {
  return (
    <FormField id={fieldId(field.name)} label={field.label} hint={field.hint} error={error}>
      {(control) => (
        <Input
          type="number"
          inputMode={field.decimal ? 'decimal' : 'numeric'}
          step={field.step}
          min={field.min}
          max={field.max}
          {...control}
          {...register(field.name, { valueAsNumber: true })}
        />
      )}
    </FormField>
  );
}
