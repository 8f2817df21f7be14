import { useState } from 'react';
import type { Membership } from '@core/schemas/memberships.ts';
import { usePaymentMethods } from '@/components/payments/api/list-payment-methods.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useUpdateMembershipCard } from '../api/memberships.ts';
import { MembershipCardChoice, type MembershipCardInput } from './membership-card-choice.tsx';

/** 'Update card' on My Subscription: the same card form as /subscribe; a past-due payment is retried with it. */
export function UpdateCard({ membership }: { membership: Membership }) {
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const cards = usePaymentMethods();
  const update = useUpdateMembershipCard();
  const pastDue = membership.status === 'past_due';
  if (!open) {
    return (
      <Button variant={pastDue ? 'primary' : 'secondary'} onClick={() => setOpen(true)}>
        Update card
      </Button>
    );
  }
  const saved = cards.data ?? [];
  const submitLabel = pastDue ? 'Pay now with this card' : 'Save card';
  const save = (body: MembershipCardInput) => {
    setCardError(null);
    update.mutate(
      { id: membership.id, ...body },
      {
        onSuccess: (after) => {
          toast({ title: pastDue && after.status === 'active' ? 'Payment received. Your membership is active.' : 'Card updated' });
          setOpen(false);
        },
        onError: (error) => setCardError(errorMessage(error, 'Your card was not saved. Please try again.')),
      },
    );
  };
  return (
    <Card className="grid gap-3 p-4" aria-labelledby="update-card-title">
      <h2 id="update-card-title" className="text-base font-semibold text-neutral-900">
        Update card
      </h2>
      <p className="text-sm text-neutral-600">
        {pastDue ? 'We charge the unpaid month to this card now, then each month after.' : 'Your next payments are charged to this card.'}
      </p>
      <MembershipCardChoice
        cards={saved}
        choice={choice}
        onChoose={setChoice}
        submitLabel={submitLabel}
        isProcessing={update.isPending}
        cardError={cardError}
        onSubmit={save}
      />
      <Button variant="secondary" disabled={update.isPending} onClick={() => setOpen(false)}>
        Keep my current card
      </Button>
    </Card>
  );
}
