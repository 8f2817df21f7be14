import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearch } from 'wouter';
import { landingPath } from '@core/domain/navigation.ts';
import type { ForgotPasswordInput } from '@core/schemas/auth.ts';
import { Button } from '@/components/ui/button.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { EmailField } from '../components/email-password-fields.tsx';
import { schemaResolver } from '@/lib/schema-resolver.ts';

const resolver = schemaResolver<ForgotPasswordInput>(() => import('@core/schemas/auth.ts').then((schemas) => schemas.forgotPasswordSchema));

const invalidLink = 'This confirmation link is invalid. Please ask for a new one.';

/** The 'Confirm your email' link: confirms the address, signs in and lands on the role's place; or says why it could not. */
export default function VerifyEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  const verify = useVerifyEmail();
  const [failure, setFailure] = useState<string | null>(token ? null : invalidLink);
  // The link works once: React's development double effect must not spend it twice.
  const hasStarted = useRef(false);

  useEffect(() => {
    if (!token || hasStarted.current) return;
    hasStarted.current = true;
    verify
      .mutateAsync({ token })
      .then((user) => {
        toast({ title: 'Email confirmed', description: "You're signed in to Glossly" });
        navigate(landingPath(user.role), { replace: true });
      })
      .catch((error: unknown) => setFailure(errorMessage(error, 'We could not confirm your email. Please ask for a new link.')));
  }, [token, verify, navigate]);

  if (!failure) return <FullPageSpinner label="Confirming your email" />;

  return (
    <AuthCard title="Confirm your email">
      <div className="grid gap-4">
        <p role="alert" className="rounded-control bg-danger-50 p-3 text-center text-sm text-danger-700">
          {failure}
        </p>
        <ResendForm />
        <Link
          href="/login"
          className="inline-flex min-h-11 items-center justify-self-center text-sm font-medium text-brand-700 hover:underline"
        >
          Back to login
        </Link>
      </div>
    </AuthCard>
  );
}

function ResendForm() {
  const form = useForm<ForgotPasswordInput>({ resolver, defaultValues: { email: '' } });
  const resend = useResendVerification();
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await resend.mutateAsync(input);
    } catch (error) {
      toast({
        title: 'Could not send the email',
        description: errorMessage(error, 'Please try again in a few minutes.'),
        variant: 'destructive',
      });
    }
  });

  if (resend.isSuccess) {
    return (
      <p role="status" className="text-center text-sm text-neutral-700">
        {resend.data.message}
      </p>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-3">
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send a new link'}
      </Button>
    </form>
  );
}
