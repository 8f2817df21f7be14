import { useForm } from 'react-hook-form';
import type { ChangeEmailInput } from '@core/schemas/account.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { applyServerFields } from './apply-server-fields.ts';

const resolver = schemaResolver<ChangeEmailInput>(() => import('@core/schemas/account.ts').then((schemas) => schemas.changeEmailSchema));

const formFields = ['newEmail', 'password'] as const;

/** 'Change email': a link goes to the new address and the change happens when it is opened. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const form = useForm<ChangeEmailInput>({ resolver, defaultValues: { newEmail: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
    } catch (error) {
      const placed = error instanceof ApiError && applyServerFields(error.fields, formFields, form.setError);
      if (!placed)
        toast({ title: 'Could not change your email', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  if (change.isSuccess) {
    return (
      <p role="status" className="rounded-control bg-brand-50 p-3 text-sm text-neutral-800">
        {change.data.message} Until then, your email stays {currentEmail}.
      </p>
    );
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Change email">
      <TextField
        label="New Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.newEmail?.message}
        {...form.register('newEmail')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send confirmation link'}
      </Button>
    </form>
  );
}
