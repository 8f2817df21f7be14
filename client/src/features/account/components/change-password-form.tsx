import { useForm } from 'react-hook-form';
import { passwordMinLength } from '@core/domain/password-policy.ts';
import type { ChangePasswordInput } from '@core/schemas/account.ts';
import { Button } from '@/components/ui/button.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { applyServerFields } from './apply-server-fields.ts';

const resolver = schemaResolver<ChangePasswordInput>(() =>
  import('@core/schemas/account.ts').then((schemas) => schemas.changePasswordSchema),
);

const formFields = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** 'Change password': the current one, then a new one twice. Other devices are signed out; this one stays. */
export function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { message } = await change.mutateAsync(input);
      toast({ title: 'Password changed', description: message });
      onDone();
    } catch (error) {
      const placed = error instanceof ApiError && applyServerFields(error.fields, formFields, form.setError);
      if (!placed)
        toast({ title: 'Could not change your password', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Change password">
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${passwordMinLength} characters`}
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Changing...' : 'Change password'}
      </Button>
    </form>
  );
}
