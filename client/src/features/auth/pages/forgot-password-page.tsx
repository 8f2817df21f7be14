import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { MailCheck } from 'lucide-react';
import type { ForgotPasswordInput } from '@core/schemas/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { EmailField } from '../components/email-password-fields.tsx';
import { schemaResolver } from '@/lib/schema-resolver.ts';

const resolver = schemaResolver<ForgotPasswordInput>(() => import('@core/schemas/auth.ts').then((schemas) => schemas.forgotPasswordSchema));

export default function ForgotPasswordPage() {
  const form = useForm<ForgotPasswordInput>({ resolver, defaultValues: { email: '' } });
  const forgot = useForgotPassword();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await forgot.mutateAsync(input);
    } catch (error) {
      toast({ title: 'Request failed', description: errorMessage(error, 'Please try again in a few moments.'), variant: 'destructive' });
    }
  });

  if (forgot.isSuccess) {
    return (
      <AuthCard title="Check your email">
        <div className="grid justify-items-center gap-4 text-center">
          <span aria-hidden className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <MailCheck className="size-7" />
          </span>
          <div role="status" className="grid gap-1 text-sm text-neutral-700">
            <p>{forgot.data.message}</p>
            <p>The link works once and expires in 1 hour.</p>
          </div>
          <Button asChild variant="secondary" className="w-full">
            <Link href="/login">Back to login</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password?" description="Enter the email of your account and we will send you a link to choose a new password.">
      <form noValidate onSubmit={onSubmit} className="grid gap-4">
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
        <Link
          href="/login"
          className="inline-flex min-h-11 items-center justify-self-center text-sm font-medium text-brand-700 hover:underline"
        >
          Back to login
        </Link>
      </form>
    </AuthCard>
  );
}
