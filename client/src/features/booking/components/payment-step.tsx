import { useState } from 'react';
import { Lock } from 'lucide-react';
import type { Service } from '@core/schemas/catalog.ts';
import { BookingFacts } from '@/components/booking/booking-facts.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { Label } from '@/components/ui/label.tsx';
import { formatLongDate } from '@/lib/calendar-dates.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useBookingQuote } from '../api/get-booking-quote.ts';
import { OrderSummary } from './order-summary.tsx';
import { StepHeading } from './step-heading.tsx';

export interface PaymentStepProps {
  service: Service;
  vehicleType: string;
  date: string;
  time: string;
  address: string;
  apt: string | null;
  city: string;
  zip: string;
  isSubmitting: boolean;
  onProceed: () => void;
  onBack: () => void;
}

/** Step 3, Payment Details: what the customer will pay, the terms, and the hand-over to the card payment page. */
export function PaymentStep(props: PaymentStepProps) {
  const { service, isSubmitting, onProceed, onBack } = props;
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const quote = useBookingQuote({ serviceId: service.id, vehicleType: props.vehicleType, date: props.date });
  const isCovered = quote.data?.coversVisit === true;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="payment-heading" className="grid gap-3">
        <StepHeading id="payment-heading">Payment Details</StepHeading>
        <Card className="p-4">
          <BookingFacts
            className="gap-3"
            when={`${formatLongDate(props.date)} at ${props.time}`}
            address={props.address}
            apt={props.apt}
            city={props.city}
            zip={props.zip}
            vehicleType={props.vehicleType}
          />
        </Card>
      </section>

      <section aria-labelledby="summary-heading" className="grid gap-3">
        <h2 id="summary-heading" className="text-lg font-semibold text-neutral-900">
          Order Summary
        </h2>
        <Card className="p-4">
          {quote.data ? (
            <OrderSummary serviceName={service.name} vehicleType={props.vehicleType} quote={quote.data} />
          ) : quote.isError ? (
            <div className="flex items-center justify-between gap-2 text-sm text-danger-800" role="alert">
              We couldn't load the price.
              <Button size="sm" variant="secondary" onClick={() => quote.refetch()}>
                Try again
              </Button>
            </div>
          ) : (
            <div className="grid gap-2" role="status" aria-label="Loading the price">
              <Skeleton className="h-5" />
              <Skeleton className="h-5" />
              <Skeleton className="h-5" />
              <Skeleton className="h-7" />
            </div>
          )}
        </Card>
        {isCovered ? (
          <p className="rounded-control bg-success-50 p-3 text-sm text-success-800">
            Your plan covers this visit: there is nothing to pay and no card to enter. It uses one of this month's visits.
          </p>
        ) : (
          <p className="flex items-start gap-2 rounded-control bg-brand-50 p-3 text-sm text-brand-800">
            <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
            You'll enter your card on our secure card payment page. Glossly never stores your card number.
          </p>
        )}
      </section>

      <div className="flex items-start gap-3">
        <Checkbox id="terms" className="mt-0.5" checked={hasAcceptedTerms} onCheckedChange={setHasAcceptedTerms} />
        <Label htmlFor="terms" className="leading-snug">
          {isCovered
            ? 'I agree to the Terms of Service and to use one of my plan’s visits for this service.'
            : 'I agree to the Terms of Service and authorize payment for this service.'}
        </Label>
      </div>

      <div className="grid gap-2">
        <div className="grid grid-cols-[auto_1fr] gap-3">
          <Button variant="secondary" size="lg" onClick={onBack} disabled={isSubmitting}>
            Back
          </Button>
          <Button variant="accent" size="lg" disabled={!hasAcceptedTerms || isSubmitting || !quote.data} onClick={onProceed}>
            {isSubmitting ? 'Reserving your time...' : isCovered ? 'Book Covered Visit' : 'Proceed to Payment'}
          </Button>
        </div>
        <p className="text-center text-sm text-neutral-600">
          {isCovered ? 'Covered by your plan: you will not be charged' : "You won't be charged until the service is completed"}
        </p>
      </div>
    </div>
  );
}
