import type { SavedCard } from '@core/schemas/one-tap.ts';
import type { TestCardInput } from '@core/schemas/payments.ts';
import { CardForm } from '@/components/payments/card-form.tsx';
import { SavedCardChoice, newCardChoice } from '@/components/payments/saved-card-choice.tsx';
import { Button } from '@/components/ui/button.tsx';

/** What pays the membership: a card typed in, or a saved card's id. */
export type MembershipCardInput = { card?: TestCardInput; paymentMethodId?: number };

type Props = {
  cards: SavedCard[];
  /** The customer's pick, or null before they pick: the first saved card then, else a new card. */
  choice: string | null;
  onChoose: (choice: string) => void;
  submitLabel: string;
  isProcessing: boolean;
  cardError: string | null;
  onSubmit: (input: MembershipCardInput) => void;
};

/** The card that pays a membership, on /subscribe and in 'Update card': a saved card's button, or the card form. */
export function MembershipCardChoice({ cards, choice, onChoose, submitLabel, isProcessing, cardError, onSubmit }: Props) {
  const selected = choice ?? (cards[0] ? String(cards[0].id) : newCardChoice);
  return (
    <>
      {cards.length > 0 && <SavedCardChoice cards={cards} value={selected} onChange={onChoose} disabled={isProcessing} />}
      {selected === newCardChoice ? (
        <CardForm
          label="Card details"
          submitLabel={submitLabel}
          isProcessing={isProcessing}
          cardError={cardError}
          onSubmit={(card) => onSubmit({ card })}
        >
          <p className="text-xs text-neutral-600">Test mode: use card 4242 4242 4242 4242 with any future expiry, any CVC and any ZIP.</p>
        </CardForm>
      ) : (
        <div className="grid gap-2">
          {cardError && (
            <p role="alert" className="text-sm text-danger-700">
              {cardError}
            </p>
          )}
          <Button size="lg" disabled={isProcessing} onClick={() => onSubmit({ paymentMethodId: Number(selected) })}>
            {submitLabel}
          </Button>
        </div>
      )}
    </>
  );
}
