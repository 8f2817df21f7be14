import { MailCheck } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useResendVerification } from '../api/resend-verification.ts';

/**
 * After 'Create account': the account can be used at once (sign-in does not wait for the confirmation, and a new user
 * was not told so), where the confirmation link went, a way to ask for another, and in demo mode the local outbox.
 */
export function CheckEmailPanel({ email, outboxPath }: { email: string; outboxPath?: string }) {
  const resend = useResendVerification();

  async function onResend() {
    try {
      const { message } = await resend.mutateAsync({ email });
      toast({ title: 'Email sent', description: message });
    } catch (error) {
      toast({
        title: 'Could not send the email',
        description: errorMessage(error, 'Please try again in a few minutes.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <section aria-labelledby="check-email-title" className="grid justify-items-center gap-4 py-2 text-center">
      <span aria-hidden className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <MailCheck className="size-7" />
      </span>
      <h3 id="check-email-title" className="text-lg font-semibold text-neutral-900">
        Check your email
      </h3>
      <div role="status" className="grid gap-1 text-sm text-neutral-700">
        <p className="font-medium text-neutral-900">You can sign in now with your email and password.</p>
        <p>
          We also sent a link to <strong className="break-all font-semibold text-neutral-900">{email}</strong> to confirm your address. The
          link works once and expires in 24 hours.
        </p>
      </div>
      <Button asChild className="w-full">
        <a href="/login">Sign in now</a>
      </Button>
      {outboxPath && (
        <p className="text-sm text-neutral-700">
          Demo mode: the email is also in the outbox here.{' '}
          <Link href={outboxPath} className="font-medium text-brand-700 underline">
            Open the demo outbox
          </Link>
        </p>
      )}
      <Button type="button" variant="secondary" className="w-full" disabled={resend.isPending} onClick={onResend}>
        {resend.isPending ? 'Sending...' : 'Send the link again'}
      </Button>
    </section>
  );
}
