import { useState } from 'react';
import { useLocation } from 'wouter';
import { CalendarX, Sparkles } from 'lucide-react';
import { bookingHorizonDays } from '@core/domain/booking-status.ts';
import { timeWindowLabels } from '@core/domain/time-windows.ts';
import type { SmartChoices, SmartOffer } from '@core/schemas/smart-booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { toast } from '@/lib/toast.ts';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { loginPathFor } from '@/lib/return-to.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useBookOffer, useSmartChoices, useSmartOffers } from '../api/smart-booking.ts';
import { CarChoice, WhatChoice, WhenChoice, WhereChoice } from '../components/choice-sections.tsx';
import { OfferCard, offerWhen } from '../components/offer-card.tsx';
import { bookingFor, defaultState, offersSearch, recallState, rememberState, whenProblem, type SmartState } from '../lib/smart-state.ts';

/**
 * /smart-booking (Quick Book, Smart Book): what, which car, where and when on one screen; the server answers with
 * the best three detailers and times (drive time between their jobs included), and 'Book' goes to the payment step.
 */
export default function SmartBookingPage() {
  const { user, isLoading } = useCurrentUser();
  const choices = useSmartChoices(user?.id ?? null);
  if (isLoading || choices.isPending) {
    return (
      <div className="grid gap-4 p-4" role="status" aria-label="Loading smart booking">
        <Skeleton className="h-24" />
        <Skeleton className="h-16" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  if (choices.isError) return <ErrorState message="We couldn't load the services." onRetry={() => choices.refetch()} />;
  return <SmartBooking choices={choices.data} signedIn={user !== null} />;
}

function SmartBooking({ choices, signedIn }: { choices: SmartChoices; signedIn: boolean }) {
  const [, navigate] = useLocation();
  const [state, setState] = useState<SmartState>(() => recallState() ?? defaultState(choices));
  const [addressProblem, setAddressProblem] = useState<string | null>(null);
  const change = (patch: Partial<SmartState>) => {
    if (patch.where) setAddressProblem(null);
    setState((current) => ({ ...current, ...patch }));
  };
  const search = offersSearch(state, choices);
  const offers = useSmartOffers(search);
  const book = useBookOffer();

  const onBook = (offer: SmartOffer) => {
    if (!signedIn) {
      // Browsing works signed out; booking needs an account, and sign-in brings the visitor back to these choices.
      rememberState(state);
      navigate(loginPathFor('/smart-booking'));
      return;
    }
    const made = bookingFor(state, choices, offer, offers.data!.vehicleType);
    if ('missing' in made) {
      setAddressProblem(made.missing === 'address' ? 'Enter the street address for the detailer.' : 'Enter the city for the detailer.');
      document.getElementById(made.missing === 'address' ? 'smart-address' : 'smart-city')?.focus();
      return;
    }
    book.mutate(made.input, {
      // The payment step authorizes the card, as after the booking page.
      onSuccess: (booking) => navigate(`/checkout?bookingId=${booking.id}&amount=${booking.total}`),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          rememberState(state);
          navigate(loginPathFor('/smart-booking'));
          return;
        }
        toast({ title: 'Could not book that time', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
        void offers.refetch();
      },
    });
  };

  return (
    <div className="flex flex-col gap-6 p-4 pb-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-neutral-900">Smart Book</h1>
        <p className="text-sm text-neutral-600">Tell us what and when; we find the best detailer for you.</p>
      </header>
      <WhatChoice choices={choices} what={state.what} onChange={change} />
      <CarChoice choices={choices} car={state.car} onChange={change} />
      <WhereChoice choices={choices} where={state.where} onChange={change} />
      {addressProblem && (
        <p role="alert" className="text-sm font-medium text-danger-700">
          {addressProblem}
        </p>
      )}
      <WhenChoice today={choices.today} when={state.when} onChange={change} />
      <section aria-labelledby="smart-offers-heading" className="flex flex-col gap-3">
        <h2 id="smart-offers-heading" className="text-lg font-semibold text-neutral-900">
          Best matches
        </h2>
        <Offers
          isReady={search !== null}
          // A day outside the bookable days is named under the day itself; the offers only point at it.
          waiting={
            whenProblem(choices.today, state.when)
              ? `Choose a day from today to ${bookingHorizonDays} days ahead to see who is free.`
              : undefined
          }
          offers={offers}
          // Offers of the previous question stay on screen while the new ones load: not bookable meanwhile.
          isBooking={book.isPending || offers.isPlaceholderData}
          onBook={onBook}
          onSuggestion={(date, window) => change({ when: { kind: 'day', date, window } })}
        />
      </section>
    </div>
  );
}

function Offers({
  isReady,
  waiting = 'Choose a service and enter a ZIP code to see who is free.',
  offers,
  isBooking,
  onBook,
  onSuggestion,
}: {
  isReady: boolean;
  waiting?: string;
  offers: ReturnType<typeof useSmartOffers>;
  isBooking: boolean;
  onBook: (offer: SmartOffer) => void;
  onSuggestion: (date: string, window: 'morning' | 'afternoon' | 'evening') => void;
}) {
  if (!isReady) {
    return <p className="text-sm text-neutral-600">{waiting}</p>;
  }
  if (offers.isError) {
    return <ErrorState message={errorMessage(offers.error, "We couldn't look for free detailers.")} onRetry={() => offers.refetch()} />;
  }
  if (offers.isPending) {
    return (
      <div role="status" aria-label="Finding detailers" className="grid gap-3">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  const { offers: list, nextFree } = offers.data;
  if (list.length === 0) {
    return (
      <EmptyState
        icon={<CalendarX />}
        title="No detailer is free then"
        description={
          nextFree ? `The next free time is ${offerWhen(nextFree)}.` : 'No detailer who comes to this address is free in the next 14 days.'
        }
        action={
          nextFree && (
            <Button variant="secondary" onClick={() => onSuggestion(nextFree.date, nextFree.window)}>
              Show {timeWindowLabels[nextFree.window].toLowerCase()} of {offerWhen({ ...nextFree, time: nextFree.time }).split(' · ')[0]}
            </Button>
          )
        }
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3" aria-busy={offers.isFetching}>
      {list.map((offer) => (
        <li key={offer.detailerId}>
          <OfferCard offer={offer} onBook={onBook} isBooking={isBooking} />
        </li>
      ))}
      <li className="flex items-center gap-2 text-xs text-neutral-600">
        <Sparkles aria-hidden className="size-3.5" />
        Times leave the detailer room to drive from their previous job.
      </li>
    </ul>
  );
}
