import { Printer, ReceiptText } from 'lucide-react';
import { useParams } from 'wouter';
import { brandLabel, type CardBrand } from '@core/domain/card.ts';
import { formatUsd } from '@core/domain/money.ts';
import { DiscountRow } from '@/components/booking/discount-line.tsx';
import { parseRouteId } from '@core/domain/ids.ts';
import type { Receipt } from '@core/schemas/receipt.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { useReceipt } from '../api/get-receipt.ts';
import './receipt-print.css';
import { ReceiptTerms } from '@/components/payments/receipt-terms.tsx';

/** /bookings/:id/receipt: the booking's receipt, printable (the print stylesheet hides the app around it). */
export default function ReceiptPage() {
  const params = useParams<{ id: string }>();
  const bookingId = parseRouteId(params.id);
  const receipt = useReceipt(bookingId ?? 0);
  if (bookingId === null) return <NoReceipt title="Receipt not found" description="This receipt does not exist or is not yours." />;
  if (receipt.isPending) {
    return (
      <div className="grid gap-3 p-4" aria-busy="true">
        <h1 className="sr-only">Receipt</h1>
        <p role="status" className="sr-only">
          Loading the receipt
        </p>
        <Skeleton className="h-24 rounded-card" />
        <Skeleton className="h-64 rounded-card" />
      </div>
    );
  }
  if (receipt.isError) {
    const status = receipt.error instanceof ApiError ? receipt.error.status : 0;
    if (status === 404) return <NoReceipt title="Receipt not found" description="This receipt does not exist or is not yours." />;
    if (status === 409)
      return <NoReceipt title="No receipt yet" description="A receipt is issued once the card is charged, when the job is completed." />;
    return (
      <>
        {/* Every state of the page has its heading (axe page-has-heading-one). */}
        <h1 className="sr-only">Receipt</h1>
        <ErrorState message="We couldn't load this receipt." onRetry={() => receipt.refetch()} />
      </>
    );
  }
  return <ReceiptView receipt={receipt.data} />;
}

function NoReceipt({ title, description }: { title: string; description: string }) {
  return (
    <div className="p-4">
      <EmptyState headingLevel={1} icon={<ReceiptText />} title={title} description={description} />
    </div>
  );
}

const lineStyles: Partial<Record<Receipt['lines'][number]['kind'], string>> = {
  charged: 'border-t border-neutral-200 pt-2 font-semibold text-neutral-900',
  total: 'border-t border-neutral-900 pt-2 text-base font-bold text-neutral-900',
};

function ReceiptView({ receipt }: { receipt: Receipt }) {
  const card = receipt.card ? `${brandLabel[receipt.card.brand as CardBrand] ?? 'Card'} •••• ${receipt.card.last4}` : null;
  const charged = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: receipt.timeZone }).format(new Date(receipt.chargedAt));
  return (
    <div className="grid gap-4 p-4" data-receipt>
      <Card className="grid gap-5 p-5">
        <header className="grid gap-1">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Glossly</p>
          <h1 className="text-xl font-semibold text-neutral-900">Receipt {receipt.receiptNumber}</h1>
          <p className="text-sm text-neutral-600">
            Issued {charged} to {receipt.customerName}
          </p>
        </header>
        <ReceiptTerms
          className="gap-3"
          terms={[
            ['Service', receipt.serviceName],
            ['Detailer', receipt.detailerBusinessName],
            ['Date', receipt.when],
            ['Address', receipt.address],
            ...(card ? ([['Paid with', card]] as const) : []),
          ]}
        />
        <dl className="grid gap-2 text-sm" aria-label="Amounts">
          {receipt.lines.map((line) =>
            line.kind === 'discount' ? (
              // The booking's discount (decision 022): the same line as on the booking and at checkout.
              <DiscountRow key={line.kind} label={line.label} amountCents={line.amountCents} />
            ) : (
              <div key={line.kind} className={cn('flex justify-between gap-4 text-neutral-700', lineStyles[line.kind])}>
                <dt>{line.label}</dt>
                <dd className="tabular-nums">{line.amountCents < 0 ? `−${formatUsd(-line.amountCents)}` : formatUsd(line.amountCents)}</dd>
              </div>
            ),
          )}
        </dl>
        <p className="text-xs text-neutral-600">Amounts in US dollars. Times in the detailer's time zone ({receipt.timeZone}).</p>
      </Card>
      <Button size="lg" onClick={() => window.print()} data-print-hide>
        <Printer aria-hidden />
        Print
      </Button>
    </div>
  );
}
