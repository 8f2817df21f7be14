import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import type { ResetPasswordInput } from '@core/schemas/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { NewPasswordFields } from '../components/email-password-fields.tsx';
import { schemaResolver } from '@/lib/schema-resolver.ts';

const resolver = schemaResolver<ResetPasswordInput>(() => import('@core/schemas/auth.ts').then((schemas) => schemas.resetPasswordSchema));

export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordInput>({
    resolver,
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      const { message } = await reset.mutateAsync(input);
      toast({ title: 'Password reset', description: message });
      navigate('/login');
    } catch (error) {
      setFailure(errorMessage(error, 'We could not reset your password. Please request a new link.'));
    }
  });

  if (!token) {
    return (
      <AuthCard title="Reset password">
        <div className="grid gap-4 text-center">
          <p role="alert" className="text-sm text-danger-700">
            This reset link is invalid. Please request a new one.
          </p>
          <Button asChild className="w-full">
            <Link href="/forgot-password">Request a new link</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" description="After this, every device signed in to your account is signed out.">
      <form method="post" noValidate onSubmit={onSubmit} className="grid gap-4">
        <NewPasswordFields
          label="New Password"
          password={{ error: errors.password?.message, ...form.register('password') }}
          confirmPassword={{ error: errors.confirmPassword?.message, ...form.register('confirmPassword') }}
        />
        {failure && (
          <div role="alert" className="grid gap-1 rounded-control bg-danger-50 p-3 text-sm text-danger-700">
            <p>{failure}</p>
            <Link href="/forgot-password" className="font-medium underline">
              Request a new link
            </Link>
          </div>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}
