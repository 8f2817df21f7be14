import { Hourglass } from 'lucide-react';
import type { Onboarding } from '@core/schemas/onboarding.ts';
import { Card } from '@/components/ui/card.tsx';
import { BusinessProfileForm } from './business-form.tsx';
import { SetupChecklist } from './setup-checklist.tsx';

/**
 * /detailer while an admin has not approved the business (decision 021): the steps left, the business form inline,
 * and once every step is done, that an admin is checking it.
 */
export function SetupScreen({ onboarding }: { onboarding: Onboarding }) {
  const doneCount = onboarding.steps.filter((step) => step.done).length;
  const total = onboarding.steps.length;
  return (
    <div className="grid gap-6 p-4">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Set up your business</h1>
        <p className="text-sm text-neutral-600">
          Finish these steps so customers can find and book you. An admin checks every new business before it is listed.
        </p>
      </div>

      {onboarding.complete ? (
        <Card className="flex gap-3 border border-brand-100 bg-brand-50 p-4" role="status">
          <Hourglass aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
          <div className="grid gap-1">
            <h2 className="font-semibold text-neutral-900">Waiting for approval</h2>
            <p className="text-sm text-neutral-700">
              You&apos;ve finished every step. An admin is reviewing your business; we&apos;ll notify you as soon as customers can book you.
            </p>
          </div>
        </Card>
      ) : null}

      <section aria-labelledby="setup-steps-heading" className="grid gap-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="setup-steps-heading" className="text-lg font-semibold text-neutral-900">
            Your steps
          </h2>
          <p className="text-sm font-medium text-neutral-700">
            {doneCount} of {total} done
          </p>
        </div>
        <div
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={doneCount}
          aria-valuetext={`${doneCount} of ${total} done`}
          className="h-2 overflow-hidden rounded-full bg-neutral-200"
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${(doneCount / total) * 100}%` }} />
        </div>
        <SetupChecklist steps={onboarding.steps} />
      </section>

      <section id="business" aria-labelledby="business-heading" className="grid scroll-mt-20 gap-3">
        <h2 id="business-heading" className="text-lg font-semibold text-neutral-900">
          Your business
        </h2>
        <Card className="p-4">
          <BusinessProfileForm business={onboarding.business} />
        </Card>
      </section>
    </div>
  );
}
