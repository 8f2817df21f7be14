import { Lock } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import type { SavedCard } from '@core/schemas/payments.ts';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import { FormNotice } from './form-notice.tsx';
import { cardName } from './saved-card-choice.tsx';

type Props = {
  /** The customer's default card. */
  card: Pick<SavedCard, 'brand' | 'last4'>;
  /** The server's amount (the intent's, or the plan's price): never worked out here. */
  amountCents: number;
  /** 'Pay', 'Tip' or 'Subscribe for'. */
  payVerb?: string;
  isProcessing: boolean;
  /** Shown in place of the pay button while paying must wait (the intent is being made). */
  notice?: string;
  cardError: string | null;
  onPay: () => void;
  onUseAnotherCard: () => void;
};

/**
 * One tap with the default card (decision 051): 'Pay $78.72 with Visa •••• 4242' is the primary button and 'Use
 * another card' opens the usual choice of cards and the card form.
 */
export function OneTapPay({ card, amountCents, payVerb = 'Pay', isProcessing, notice, cardError, onPay, onUseAnotherCard }: Props) {
  return (
    <div className="grid gap-3">
      {cardError && (
        <p role="alert" className="rounded-control bg-danger-50 px-3 py-2 text-sm font-medium text-danger-700">
          {cardError}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {notice ? (
          <div className="grid min-w-0 flex-[1_1_14rem]">
            <FormNotice inPlaceOfButton>{notice}</FormNotice>
          </div>
        ) : (
          <Button size="lg" variant="accent" className="min-w-0 flex-[1_1_14rem]" disabled={isProcessing} onClick={onPay}>
            {isProcessing ? (
              <>
                <Spinner size="sm" label="" aria-hidden="true" /> Processing...
              </>
            ) : (
              <>
                {/* A card's name can be long: the label wraps rather than widening a 320 px page. */}
                <Lock aria-hidden="true" />
                <span className="whitespace-normal">
                  {payVerb} {formatUsd(amountCents)} with {cardName(card)}
                </span>
              </>
            )}
          </Button>
        )}
        <Button size="lg" variant="secondary" className="flex-[1_1_auto]" disabled={isProcessing} onClick={onUseAnotherCard}>
          Use another card
        </Button>
      </div>
    </div>
  );
}
