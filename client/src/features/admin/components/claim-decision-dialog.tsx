import { useId, useState, type FormEvent } from 'react';
import { formatUsd } from '@core/domain/money.ts';
import { rejectClaimSchema, resolveClaimSchema, type AdminClaim } from '@core/schemas/claim.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useRejectClaim } from '../api/reject-claim.ts';
import { useResolveClaim } from '../api/resolve-claim.ts';
import { parseDollars } from './refund-booking-dialog.tsx';

const dollarsText = (cents: number) => (cents / 100).toFixed(2);

/**
 * Resolve (a refund, prefilled with what is left to refund and editable; empty for none) or Reject a reported
 * problem, each with a note the customer reads. A refusal from the server (more than is left) stays in the dialog.
 */
export function ClaimDecisionDialog({ claim, decision }: { claim: AdminClaim; decision: 'resolve' | 'reject' }) {
  const resolve = useResolveClaim();
  const reject = useRejectClaim();
  const isPending = resolve.isPending || reject.isPending;
  const [isOpen, setIsOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const isResolve = decision === 'resolve';

  function changeOpen(open: boolean) {
    if (isPending) return;
    if (open) {
      setAmount(claim.refundableCents > 0 ? dollarsText(claim.refundableCents) : '');
      setNote('');
      setError(null);
    }
    setIsOpen(open);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    let refundCents: number | undefined;
    if (isResolve && amount.trim() !== '') {
      const cents = parseDollars(amount);
      if (cents === null) return setError('Enter an amount in dollars, such as 20.00, or leave it empty for no refund.');
      if (cents > claim.refundableCents) return setError(`At most ${formatUsd(claim.refundableCents)} can be refunded.`);
      refundCents = cents > 0 ? cents : undefined;
    }
    const parsed = isResolve ? resolveClaimSchema.safeParse({ refundCents, note }) : rejectClaimSchema.safeParse({ note });
    if (!parsed.success) return setError(parsed.error.issues[0]!.message.replace(/^note is required$/, 'Write a note for the customer.'));
    setError(null);
    try {
      if (isResolve) await resolve.mutateAsync({ claimId: claim.id, refundCents, note: parsed.data.note });
      else await reject.mutateAsync({ claimId: claim.id, note: parsed.data.note });
      setIsOpen(false);
      toast({
        title: isResolve ? 'Claim resolved' : 'Claim rejected',
        description: refundCents ? `${formatUsd(refundCents)} goes back to ${claim.customerName}.` : `${claim.customerName} has been told.`,
      });
    } catch (failure) {
      setError(errorMessage(failure, 'That did not go through. Please try again.'));
    }
  }

  return (
    <Dialog open={isOpen} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant={isResolve ? 'primary' : 'secondary'} size="sm" aria-label={`${isResolve ? 'Resolve' : 'Reject'} claim #${claim.id}`}>
          {isResolve ? 'Resolve' : 'Reject'}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{`${isResolve ? 'Resolve' : 'Reject'} claim #${claim.id}?`}</DialogTitle>
        <DialogDescription>
          {claim.serviceName} for {claim.customerName} with {claim.detailerBusinessName} (booking #{claim.bookingId}).
          {isResolve ? ' A refund goes back to the customer\u2019s card.' : ' No money goes back.'}
        </DialogDescription>
        <form className="mt-4 grid gap-4" onSubmit={submit} noValidate>
          {isResolve && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-amount`}>Refund (USD)</Label>
              <Input
                id={`${id}-amount`}
                inputMode="decimal"
                autoComplete="off"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setError(null);
                }}
                aria-describedby={`${id}-hint`}
                disabled={isPending}
              />
              <p id={`${id}-hint`} className="text-sm text-neutral-600">
                At most {formatUsd(claim.refundableCents)} is left to refund. Leave it empty to resolve without money.
              </p>
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Note to the customer</Label>
            <Textarea id={`${id}-note`} value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} disabled={isPending} rows={3} />
          </div>
          {error && (
            <p role="alert" className="text-sm text-danger-700">
              {error}
            </p>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <Button type="button" variant="secondary" onClick={() => changeOpen(false)} disabled={isPending}>
              Cancel
            </Button>
            <Button type="submit" variant={isResolve ? 'primary' : 'destructive'} disabled={isPending}>
              {isPending ? 'Saving...' : isResolve ? 'Resolve claim' : 'Reject claim'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
