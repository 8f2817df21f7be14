import { useId } from 'react';
import { CreditCard } from 'lucide-react';
import { brandLabel, type CardBrand } from '@core/domain/card.ts';
import type { SavedCard } from '@core/schemas/payments.ts';
import { Label } from '@/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group.tsx';
import { cn } from '@/lib/cn.ts';

/** The radio value of 'Use a new card'; saved cards use their id. */
export const newCardChoice = 'new';

/** 'Visa •••• 4242': what a one-tap button names. */
export function cardName(card: Pick<SavedCard, 'brand' | 'last4'>): string {
  return `${brandLabel[card.brand as CardBrand] ?? 'Card'} •••• ${card.last4}`;
}

/** 'Visa •••• 4242, expires 12/30' */
export function savedCardLabel(card: SavedCard): string {
  const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
  return `${cardName(card)}, expires ${expiry}`;
}

type Props = {
  cards: SavedCard[];
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
};

/** Checkout's choice between the customer's saved cards and the card form ('Use a new card', always last). */
export function SavedCardChoice({ cards, value, onChange, disabled }: Props) {
  const id = useId();
  const options = [
    ...cards.map((card) => ({ value: String(card.id), label: savedCardLabel(card), saved: true })),
    { value: newCardChoice, label: 'Use a new card', saved: false },
  ];
  return (
    <div className="grid gap-2">
      <p id={`${id}-legend`} className="text-sm font-medium text-neutral-900">
        Pay with
      </p>
      <RadioGroup aria-labelledby={`${id}-legend`} value={value} onValueChange={onChange} disabled={disabled}>
        {options.map((option) => (
          <Label
            key={option.value}
            htmlFor={`${id}-${option.value}`}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-neutral-200 px-3 py-2 font-normal text-neutral-800',
              value === option.value && 'border-brand-600 bg-brand-50',
            )}
          >
            <RadioGroupItem id={`${id}-${option.value}`} value={option.value} />
            {option.saved && <CreditCard aria-hidden className="size-4 text-neutral-600" />}
            {option.label}
          </Label>
        ))}
      </RadioGroup>
    </div>
  );
}
