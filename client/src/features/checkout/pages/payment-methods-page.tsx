import { useState } from 'react';
import { CreditCard, Plus, Trash2 } from 'lucide-react';
import { brandLabel, type CardBrand } from '@core/domain/card.ts';
import type { SavedCard } from '@core/schemas/payments.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ListPage } from '@/components/ui/list-page.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useAddPaymentMethod } from '../api/add-payment-method.ts';
import { usePaymentMethods } from '@/components/payments/api/list-payment-methods.ts';
import { useRemovePaymentMethod } from '../api/remove-payment-method.ts';
import { useMakeDefaultPaymentMethod } from '../api/make-default-payment-method.ts';
import { CardForm } from '@/components/payments/card-form.tsx';

const cardName = (card: SavedCard) => `${brandLabel[card.brand as CardBrand] ?? 'Card'} ending in ${card.last4}`;
const expiryText = (card: SavedCard) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;

/**
 * /payment-methods: cards saved through the payment gateway (brand, last four, expiry); add, remove, and choose the
 * default, the card one tap pays with at checkout, for a membership and for a tip (decision 051).
 */
export default function PaymentMethodsPage() {
  const cards = usePaymentMethods();
  const [isAdding, setIsAdding] = useState(false);

  return (
    <ListPage
      title="Saved cards"
      action={
        !isAdding &&
        cards.isSuccess &&
        cards.data.length > 0 && (
          <Button variant="secondary" onClick={() => setIsAdding(true)}>
            <Plus aria-hidden="true" /> Add a card
          </Button>
        )
      }
    >
      {isAdding && <AddCard onDone={() => setIsAdding(false)} />}
      <CardList cards={cards} onAdd={() => setIsAdding(true)} isAdding={isAdding} />
    </ListPage>
  );
}

function CardList({ cards, onAdd, isAdding }: { cards: ReturnType<typeof usePaymentMethods>; onAdd: () => void; isAdding: boolean }) {
  const remove = useRemovePaymentMethod();
  const makeDefault = useMakeDefaultPaymentMethod();
  if (cards.isPending) {
    return (
      <LoadingState label="Loading your cards">
        <Skeleton className="h-20" />
        <Skeleton className="h-20" />
      </LoadingState>
    );
  }
  if (cards.isError) return <ErrorState message="We couldn't load your saved cards." onRetry={() => cards.refetch()} />;
  if (cards.data.length === 0) {
    if (isAdding) return null;
    return (
      <EmptyState
        icon={<CreditCard />}
        title="No saved cards"
        description="Save a card to pay faster at checkout. Only its brand and last four digits are kept."
        action={
          <Button onClick={onAdd}>
            <Plus aria-hidden="true" /> Add a card
          </Button>
        }
      />
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Saved cards">
      {cards.data.map((card) => (
        <li key={card.id}>
          <Card className="flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
            <div aria-hidden className="flex size-11 shrink-0 items-center justify-center rounded-control bg-brand-50 text-brand-700">
              <CreditCard className="size-5" />
            </div>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-neutral-900">
                {brandLabel[card.brand as CardBrand] ?? 'Card'} •••• {card.last4}
                {card.isDefault && <Badge variant="brand">Default</Badge>}
              </p>
              <p className="text-sm text-neutral-600">
                Expires {expiryText(card)}
                {card.isDefault && ' · Pays in one tap'}
              </p>
            </div>
            {!card.isDefault && (
              <Button
                variant="secondary"
                aria-label={`Make default: ${cardName(card)}`}
                disabled={makeDefault.isPending}
                onClick={() =>
                  makeDefault.mutate(card.id, {
                    onSuccess: () => toast({ title: 'Default card changed', description: `${cardName(card)} now pays in one tap.` }),
                    onError: (error) =>
                      toast({
                        title: "Couldn't change the default card",
                        description: errorMessage(error, 'Please try again.'),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                Make default
              </Button>
            )}
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove ${cardName(card)}`}
              disabled={remove.isPending && remove.variables === card.id}
              onClick={() =>
                remove.mutate(card.id, {
                  // The default removed leaves none: one tap only ever pays with a card the customer chose.
                  onSuccess: () =>
                    toast({
                      title: 'Card removed',
                      description: `${cardName(card)} was removed.${card.isDefault ? ' Make another card the default to pay in one tap.' : ''}`,
                    }),
                  onError: (error) =>
                    toast({
                      title: "Couldn't remove the card",
                      description: errorMessage(error, 'Please try again.'),
                      variant: 'destructive',
                    }),
                })
              }
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function AddCard({ onDone }: { onDone: () => void }) {
  const add = useAddPaymentMethod();
  const [cardError, setCardError] = useState<string | null>(null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Add a card</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <CardForm
          label="Add a card"
          submitLabel="Save card"
          isProcessing={add.isPending}
          cardError={cardError}
          onSubmit={(card) => {
            setCardError(null);
            add.mutate(
              { card },
              {
                onSuccess: (saved) => {
                  toast({ title: 'Card saved', description: `${cardName(saved)} is ready for checkout.` });
                  onDone();
                },
                onError: (error) => setCardError(errorMessage(error, 'We could not save this card. Please try again.')),
              },
            );
          }}
        >
          <p className="text-xs text-neutral-600">Nothing is charged. Only the brand, last four digits and expiry are kept.</p>
        </CardForm>
        <Button variant="ghost" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
      </CardContent>
    </Card>
  );
}
