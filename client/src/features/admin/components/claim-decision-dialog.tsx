import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatUsd } from '@core/domain/money.ts';
import type { AdminClaim, ResolveClaimFormInput, ResolveClaimInput } from '@core/schemas/claim.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useRejectClaim } from '../api/reject-claim.ts';
import { useResolveClaim } from '../api/resolve-claim.ts';

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
  const id = useId();
  const isResolve = decision === 'resolve';
  const resolver = useMemo(
    () =>
      schemaResolver<ResolveClaimFormInput, ResolveClaimInput>(() =>
        import('@core/schemas/claim.ts').then((schemas) =>
          isResolve ? schemas.resolveClaimFormSchema(claim.refundableCents) : schemas.rejectClaimFormSchema,
        ),
      ),
    [isResolve, claim.refundableCents],
  );
  const form = useForm<ResolveClaimFormInput, unknown, ResolveClaimInput>({ resolver, defaultValues: { amount: '', note: '' } });
  const { errors } = form.formState;

  function changeOpen(open: boolean) {
    if (isPending) return;
    if (open) form.reset({ amount: isResolve && claim.refundableCents > 0 ? dollarsText(claim.refundableCents) : '', note: '' });
    setIsOpen(open);
  }

  const submit = form.handleSubmit(async ({ refundCents, note }) => {
    try {
      if (isResolve) await resolve.mutateAsync({ claimId: claim.id, refundCents, note });
      else await reject.mutateAsync({ claimId: claim.id, note });
      setIsOpen(false);
      toast({
        title: isResolve ? 'Claim resolved' : 'Claim rejected',
        description: refundCents ? `${formatUsd(refundCents)} goes back to ${claim.customerName}.` : `${claim.customerName} has been told.`,
      });
    } catch (failure) {
      form.setError('root', { message: errorMessage(failure, 'That did not go through. Please try again.') });
    }
  });

  return (
    <Dialog open={isOpen} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button
          variant={isResolve ? 'primary' : 'secondary'}
          size="sm"
          aria-label={`${isResolve ? 'Resolve' : 'Reject'} claim #${claim.id}`}
        >
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
                aria-invalid={errors.amount ? true : undefined}
                aria-describedby={`${id}-hint ${id}-amount-error`}
                disabled={isPending}
                {...form.register('amount', { onChange: () => form.clearErrors('root') })}
              />
              <p id={`${id}-hint`} className="text-sm text-neutral-600">
                At most {formatUsd(claim.refundableCents)} is left to refund. Leave it empty to resolve without money.
              </p>
              <FieldError id={`${id}-amount-error`} role="alert">
                {errors.amount?.message}
              </FieldError>
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Note to the customer</Label>
            <Textarea
              id={`${id}-note`}
              maxLength={1000}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={`${id}-note-error`}
              disabled={isPending}
              rows={3}
              {...form.register('note', { onChange: () => form.clearErrors('root') })}
            />
            <FieldError id={`${id}-note-error`} role="alert">
              {errors.note?.message}
            </FieldError>
          </div>
          <FieldError id={`${id}-error`} role="alert">
            {errors.root?.message}
          </FieldError>
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
