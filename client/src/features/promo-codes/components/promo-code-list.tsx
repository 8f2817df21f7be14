import { Pause, Play } from 'lucide-react';
import { promoCodeStateLabels, promoDiscountLabel } from '@core/domain/promo-codes.ts';
import { formatUsd } from '@core/domain/money.ts';
import type { PromoCode, PromoCodeStatus } from '@core/schemas/promo-codes.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';

const statusVariant: Record<PromoCodeStatus, BadgeVariant> = {
  active: 'success',
  paused: 'warning',
  scheduled: 'brand',
  expired: 'neutral',
  used_up: 'neutral',
};

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** "Ends Dec 31, 2026", or "No end date". */
export function endsLabel(code: Pick<PromoCode, 'endsAt'>): string {
  return code.endsAt ? `Ends ${dateFormat.format(new Date(code.endsAt))}` : 'No end date';
}

/** "3/10 used", or "3 used" without a limit. */
export function usesLabel(code: Pick<PromoCode, 'usesCount' | 'maxUses'>): string {
  return code.maxUses === null ? `${code.usesCount} used` : `${code.usesCount}/${code.maxUses} used`;
}

function conditions(code: PromoCode): string[] {
  const list: string[] = [];
  if (code.minOrderCents > 0) list.push(`Min. order ${formatUsd(code.minOrderCents)}`);
  if (code.firstBookingOnly) list.push('First booking only');
  if (code.maxUsesPerCustomer !== null) list.push(`${code.maxUsesPerCustomer} per customer`);
  if (code.serviceIds.length > 0) list.push(`${code.serviceIds.length} service${code.serviceIds.length === 1 ? '' : 's'}`);
  if (code.ownerDetailerId === null && code.detailerIds.length > 0) {
    list.push(`${code.detailerIds.length} detailer${code.detailerIds.length === 1 ? '' : 's'}`);
  }
  if (code.ownerDetailerId !== null) list.push("A detailer's own code");
  return list;
}

/** Codes as cards: the code, its discount, uses x/y, status and end, with pause or resume. */
export function PromoCodeList({
  codes,
  label,
  onTogglePause,
  isBusy,
}: {
  codes: PromoCode[];
  label: string;
  onTogglePause: (code: PromoCode) => void;
  isBusy: boolean;
}) {
  return (
    <ul className="grid gap-3" aria-label={label}>
      {codes.map((code) => {
        const isPaused = code.status === 'paused';
        const canToggle = isPaused || code.status === 'active' || code.status === 'scheduled' || code.status === 'used_up';
        return (
          <li key={code.id}>
            <Card className="grid gap-3 p-4">
              <div className="flex items-start justify-between gap-3">
                <div className="grid gap-0.5">
                  <p className="font-mono text-base font-semibold tracking-wide text-neutral-900">{code.code}</p>
                  <p className="text-sm text-neutral-700">{promoDiscountLabel(code)}</p>
                </div>
                <Badge variant={statusVariant[code.status]}>{promoCodeStateLabels[code.status]}</Badge>
              </div>
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <div>
                  <dt className="sr-only">Uses</dt>
                  <dd className="tabular-nums text-neutral-700">{usesLabel(code)}</dd>
                </div>
                <div className="text-right">
                  <dt className="sr-only">Ends</dt>
                  <dd className="text-neutral-700">{endsLabel(code)}</dd>
                </div>
              </dl>
              {conditions(code).length > 0 && <p className="text-xs text-neutral-600">{conditions(code).join(' · ')}</p>}
              {canToggle && (
                <Button variant="secondary" className="justify-self-start" disabled={isBusy} onClick={() => onTogglePause(code)}>
                  {isPaused ? <Play aria-hidden /> : <Pause aria-hidden />}
                  {isPaused ? 'Resume' : 'Pause'}
                  <span className="sr-only"> {code.code}</span>
                </Button>
              )}
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
