import { useState } from 'react';
import { BadgeCheck } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { parseRouteId } from '@core/domain/ids.ts';
import { formatUsd } from '@core/domain/money.ts';
import { usePaymentMethods } from '@/components/payments/api/list-payment-methods.ts';
import { AuthenticationDialog } from '@/components/payments/authentication-dialog.tsx';
import { OneTapPay } from '@/components/payments/one-tap-pay.tsx';
import { newCardChoice } from '@/components/payments/saved-card-choice.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useAuthenticateMembership, usePlans, useSubscribe } from '../api/memberships.ts';
import { MembershipCardChoice, type MembershipCardInput } from '../components/membership-card-choice.tsx';
import { PlanCard } from '../components/plan-card.tsx';

/** /subscribe?plan=: the card (typed or saved) that pays the first month now and each month after. */
export default function SubscribePage() {
  const planId = parseRouteId(new URLSearchParams(useSearch()).get('plan'));
  const plans = usePlans();
  const cards = usePaymentMethods();
  const subscribe = useSubscribe();
  const authenticate = useAuthenticateMembership();
  const [, navigate] = useLocation();
  const [choice, setChoice] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [awaiting, setAwaiting] = useState<{ id: number; amountCents: number } | null>(null);

  if (plans.isPending || cards.isPending) {
    return (
      <LoadingState label="Loading" className="p-4" aria-busy>
        <Skeleton className="h-40 rounded-card" />
        <Skeleton className="h-64 rounded-card" />
      </LoadingState>
    );
  }
  // The plans not loading is not the plan missing: say so, with a retry.
  if (plans.isError) {
    return (
      <div className="p-4">
        <ErrorState message="We couldn't load the plans. Check your connection and try again." onRetry={() => void plans.refetch()} />
      </div>
    );
  }
  const plan = plans.data.find((p) => p.id === planId);
  if (!plan) {
    return (
      <div className="p-4">
        <EmptyState
          headingLevel={1}
          icon={<BadgeCheck />}
          title="Plan not found"
          description="This plan is not on sale. Choose one of our plans."
          action={
            <Link href="/subscription-plans" className={buttonClasses('primary', 'md')}>
              See the plans
            </Link>
          }
        />
      </div>
    );
  }

  const saved = cards.data ?? [];
  // The default card is one tap until the customer picks another (decision 051).
  const defaultCard = saved.find((card) => card.isDefault) ?? null;
  const busy = subscribe.isPending || authenticate.isPending;
  const done = () => {
    toast({ title: `Welcome to ${plan.name}`, description: 'Your membership has started.' });
    navigate('/account/subscription');
  };
  const start = (body: MembershipCardInput) => {
    setCardError(null);
    subscribe.mutate(
      { planId: plan.id, ...body },
      {
        onSuccess: (result) => {
          if (result.payment.status === 'requires_action')
            setAwaiting({ id: result.membership.id, amountCents: result.payment.amountCents });
          else done();
        },
        onError: (error) => setCardError(errorMessage(error, 'Your card was not charged. Please try again.')),
      },
    );
  };
  const answer = (approve: boolean) => {
    if (!awaiting) return;
    authenticate.mutate(
      { id: awaiting.id, approve },
      {
        onSuccess: done,
        onError: (error) => setCardError(errorMessage(error, 'The payment was not confirmed.')),
        onSettled: () => setAwaiting(null),
      },
    );
  };
  const payLabel = `Pay ${formatUsd(plan.monthlyPriceCents)} and subscribe`;

  return (
    <div className="grid gap-4 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Subscribe</h1>
      <PlanCard plan={plan} />
      <p className="text-sm text-neutral-600">
        {formatUsd(plan.monthlyPriceCents)} is charged now, then on the same day each month until you cancel.
      </p>
      {defaultCard && choice === null ? (
        <OneTapPay
          card={defaultCard}
          amountCents={plan.monthlyPriceCents}
          isProcessing={busy}
          cardError={cardError}
          onPay={() => start({ paymentMethodId: defaultCard.id })}
          onUseAnotherCard={() => setChoice(newCardChoice)}
        />
      ) : (
        <MembershipCardChoice
          cards={saved}
          choice={choice}
          onChoose={setChoice}
          submitLabel={payLabel}
          isProcessing={busy}
          cardError={cardError}
          onSubmit={start}
        />
      )}
      {awaiting && <AuthenticationDialog amountCents={awaiting.amountCents} isPending={authenticate.isPending} onAnswer={answer} />}
    </div>
  );
}
