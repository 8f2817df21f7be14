import { discountLineLabel, type DiscountSource } from '@core/domain/discount.ts';
import { formatUsd } from '@core/domain/money.ts';
import { cn } from '@/lib/cn.ts';

export type DiscountLineProps = {
  discountCents: number;
  discountSource: DiscountSource | null;
  promoCode: string | null;
  /** 'included': a smaller line under a total that already takes it off (checkout's Service Total). */
  variant?: 'line' | 'included';
};

/**
 * The booking's discount (decision 022), one line everywhere money is shown: 'Promo code CODE', 'Member discount'
 * or 'Covered by your plan', negative like credits. Nothing when there is no discount. Goes inside a <dl>.
 */
export function DiscountLine({ discountCents, discountSource, promoCode, variant = 'line' }: DiscountLineProps) {
  if (discountCents <= 0) return null;
  const label = discountLineLabel(discountSource, promoCode);
  return <DiscountRow label={variant === 'included' ? `Includes ${label}` : label} amountCents={discountCents} variant={variant} />;
}

/** The row itself, for a label the server already wrote (the receipt's lines). */
export function DiscountRow({
  label,
  amountCents,
  variant = 'line',
}: {
  label: string;
  amountCents: number;
  variant?: 'line' | 'included';
}) {
  return (
    <div className={cn('flex items-center justify-between gap-4', variant === 'included' && '-mt-1 pl-3 text-xs')}>
      <dt className="text-neutral-600">{label}</dt>
      <dd className={cn('tabular-nums text-success-700', variant === 'line' && 'font-medium')}>-{formatUsd(Math.abs(amountCents))}</dd>
    </div>
  );
}
