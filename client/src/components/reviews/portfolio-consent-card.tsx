import { useState } from 'react';
import { portfolioConsentQuestion } from '@core/domain/trust.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { usePortfolioConsent, useSetPortfolioConsent } from './api/portfolio-consent.ts';

/**
 * After the customer's review (decision 050): asked once whether the detailer may show this job's before and after
 * photos; the answer stays on the booking's page, changeable at any time.
 */
export function PortfolioConsentCard({ bookingId }: { bookingId: number }) {
  const consent = usePortfolioConsent(bookingId);
  const answer = useSetPortfolioConsent(bookingId);
  const [isChanging, setChanging] = useState(false);
  if (!consent.data) return null;
  const { detailerName, allowed } = consent.data;

  const give = (value: boolean) =>
    answer.mutate(value, {
      onSuccess: () => setChanging(false),
      onError: (error) =>
        toast({ title: 'Your answer was not saved', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });

  return (
    <Card role="group" className="grid gap-3 p-4" aria-labelledby="portfolio-consent">
      <h2 id="portfolio-consent" className="text-base font-semibold text-neutral-900">
        {allowed === null || isChanging ? portfolioConsentQuestion(detailerName) : 'Your photos'}
      </h2>
      {allowed === null || isChanging ? (
        <>
          <p className="text-sm text-neutral-600">You can change your answer here at any time.</p>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="primary" disabled={answer.isPending} onClick={() => give(true)}>
              Yes
            </Button>
            <Button variant="secondary" disabled={answer.isPending} onClick={() => give(false)}>
              No
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-neutral-600">
            {allowed
              ? `${detailerName} may show the before and after photos of this job on their profile.`
              : `${detailerName} won't show the photos of this job.`}
          </p>
          <Button variant="secondary" onClick={() => setChanging(true)}>
            Change answer
          </Button>
        </>
      )}
    </Card>
  );
}
