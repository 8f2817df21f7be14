import { useForm, type UseFormRegister } from 'react-hook-form';
import type { BankAccountFormValues, BankAccountInput } from '@core/schemas/earnings.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useSavePayoutAccount } from '../api/save-payout-account.ts';

const resolver = schemaResolver<BankAccountFormValues, BankAccountInput>(() =>
  import('@core/schemas/earnings.ts').then((schemas) => schemas.bankAccountInputSchema),
);

type FieldName = keyof BankAccountFormValues;
const fieldNames: FieldName[] = ['accountHolderName', 'routingNumber', 'accountNumber'];

/** The built-in gateway's bank details, checked with the API's own schema; only the last four digits are kept. */
export function BankAccountForm({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const save = useSavePayoutAccount();
  const { register, handleSubmit, setError, formState } = useForm<BankAccountFormValues, unknown, BankAccountInput>({
    resolver,
    defaultValues: { accountHolderName: '', routingNumber: '', accountNumber: '' },
  });
  const errors = formState.errors;

  const onSubmit = handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        toast({ title: 'Payout details saved', description: `Payouts go to your ${saved.account?.description ?? 'bank account'}.` });
        onDone();
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fields : undefined;
        const known = Object.entries(fields ?? {}).filter(([name]) => fieldNames.includes(name as FieldName));
        for (const [name, message] of known) setError(name as FieldName, { message }, { shouldFocus: true });
        if (known.length === 0)
          toast({
            title: "Couldn't save your payout details",
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          });
      },
    }),
  );

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Payout details">
      <BankField
        name="accountHolderName"
        label="Account holder name"
        error={errors.accountHolderName?.message}
        register={register}
        autoComplete="name"
      />
      <BankField
        name="routingNumber"
        label="Routing number"
        error={errors.routingNumber?.message}
        register={register}
        inputMode="numeric"
      />
      <BankField
        name="accountNumber"
        label="Account number"
        error={errors.accountNumber?.message}
        register={register}
        inputMode="numeric"
      />
      <p className="text-xs text-neutral-600">
        Test mode: use routing number 110000000 and account number 000123456789. Only the last four digits are kept.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save payout details'}
        </Button>
      </div>
    </form>
  );
}

function BankField({
  name,
  label,
  error,
  register,
  autoComplete,
  inputMode,
}: {
  name: FieldName;
  label: string;
  error: string | undefined;
  register: UseFormRegister<BankAccountFormValues>;
  autoComplete?: string;
  inputMode?: 'numeric';
}) {
  const id = `bank-${name}`;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        autoComplete={autoComplete ?? 'off'}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        {...register(name)}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
