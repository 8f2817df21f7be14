import { MailCheck } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useResendVerification } from '../api/resend-verification.ts';

/** After 'Create account': where the confirmation link went, and a way to ask for another. */
export function CheckEmailPanel({ email }: { email: string }) {
  const resend = useResendVerification();

  async function onResend() {
    try {
      const { message } = await resend.mutateAsync({ email });
      toast({ title: 'Email sent', description: message });
    } catch (error) {
      toast({ title: 'Could not send the email', description: errorMessage(error, 'Please try again in a few minutes.'), variant: 'destructive' });
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
        <p>
          We sent a link to <strong className="break-all font-semibold text-neutral-900">{email}</strong>. Open it to confirm your
          address and sign in.
        </p>
        <p>The link works once and expires in 24 hours.</p>
      </div>
      <Button type="button" variant="secondary" className="w-full" disabled={resend.isPending} onClick={onResend}>
        {resend.isPending ? 'Sending...' : 'Send the link again'}
      </Button>
    </section>
  );
}
