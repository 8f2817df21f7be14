import { useState } from 'react';
import { formatUsd } from '@core/domain/money.ts';
import type { Membership, MembershipInvoice } from '@core/schemas/memberships.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { ReceiptTerms } from '@/components/payments/receipt-terms.tsx';

export const formatDay = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

const kindLabel: Record<MembershipInvoice['kind'], string> = { first: 'First month', renewal: 'Monthly renewal', proration: 'Plan change' };
const statusBadge = { paid: ['success', 'Paid'], failed: ['danger', 'Failed'], open: ['neutral', 'Pending'] } as const;

/** The membership's invoices, newest first, with a receipt for each one paid. */
export function BillingHistory({ membership }: { membership: Membership }) {
  const [receipt, setReceipt] = useState<MembershipInvoice | null>(null);
  if (membership.invoices.length === 0) return <p className="text-sm text-neutral-600">No charges yet.</p>;
  return (
    <>
      <ul className="grid divide-y divide-neutral-200">
        {membership.invoices.map((invoice) => {
          const [variant, label] = statusBadge[invoice.status];
          return (
            <li key={invoice.id} className="flex items-center justify-between gap-3 py-3">
              <div className="grid gap-0.5">
                <p className="text-sm font-medium text-neutral-900">{kindLabel[invoice.kind]}</p>
                <p className="text-xs text-neutral-600">{formatDay(invoice.paidAt ?? invoice.createdAt)}</p>
                {invoice.failureMessage && invoice.status === 'failed' && (
                  <p className="text-xs text-danger-700">{invoice.failureMessage}</p>
                )}
              </div>
              <div className="flex items-center gap-2">
                <span className="text-sm font-semibold text-neutral-900">{formatUsd(invoice.amountCents)}</span>
                <Badge variant={variant}>{label}</Badge>
                {invoice.status === 'paid' && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() => setReceipt(invoice)}
                    aria-label={`Receipt of ${formatDay(invoice.paidAt!)}`}
                  >
                    Receipt
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <Dialog open={receipt !== null} onOpenChange={(open) => !open && setReceipt(null)}>
        <DialogContent>
          {receipt && (
            <div className="grid gap-3">
              <DialogTitle>Receipt M-{String(receipt.id).padStart(6, '0')}</DialogTitle>
              <DialogDescription>Glossly {membership.plan.name} membership</DialogDescription>
              <ReceiptTerms
                className="gap-2"
                terms={[
                  ['Charge', kindLabel[receipt.kind]],
                  ['Paid', formatDay(receipt.paidAt!)],
                  ['Period', `${formatDay(receipt.periodStart)} – ${formatDay(receipt.periodEnd)}`],
                  ['Amount', formatUsd(receipt.amountCents)],
                ]}
              />
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
