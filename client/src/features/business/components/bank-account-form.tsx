import { useForm } from 'react-hook-form';
import type { BankAccountFormValues, BankAccountInput } from '@core/schemas/earnings.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
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
      <TextField
        id="bank-accountHolderName"
        label="Account holder name"
        error={errors.accountHolderName?.message}
        autoComplete="name"
        {...register('accountHolderName')}
      />
      <TextField
        id="bank-routingNumber"
        label="Routing number"
        error={errors.routingNumber?.message}
        autoComplete="off"
        inputMode="numeric"
        {...register('routingNumber')}
      />
      <TextField
        id="bank-accountNumber"
        label="Account number"
        error={errors.accountNumber?.message}
        autoComplete="off"
        inputMode="numeric"
        {...register('accountNumber')}
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
