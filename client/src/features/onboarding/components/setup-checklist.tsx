import { Check, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import type { OnboardingStep } from '@core/schemas/onboarding.ts';
import { cn } from '@/lib/cn.ts';

const setupPath = '/detailer';

const rowClasses =
  'flex min-h-14 items-center gap-3 rounded-card bg-surface p-3 shadow-card hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/** The setup steps, each ticked when done and linking to where it is done. */
export function SetupChecklist({ steps }: { steps: OnboardingStep[] }) {
  return (
    <ol className="grid gap-2" aria-label="Setup steps">
      {steps.map((step, index) => {
        const content = (
          <>
            <span
              aria-hidden
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                step.done ? 'bg-success-100 text-success-800' : 'border-2 border-neutral-300 text-neutral-600',
              )}
            >
              {step.done ? <Check className="size-4" /> : index + 1}
            </span>
            <span className="grid min-w-0 flex-1">
              <span className="font-medium text-neutral-900">{step.label}</span>
              <span className={cn('text-xs', step.done ? 'text-success-800' : 'text-neutral-600')}>{step.done ? 'Done' : 'To do'}</span>
            </span>
            <ChevronRight aria-hidden className="size-5 shrink-0 text-neutral-500" />
          </>
        );
        // The setup shows on /detailer (and /detailer/dashboard): a step done on it (the business form) is a jump down
        // the page, not a navigation.
        const [path, hash] = step.href.split('#');
        const isHere = hash !== undefined && path === setupPath;
        return (
          <li key={step.key}>
            {isHere ? (
              <a href={`#${hash}`} className={rowClasses}>
                {content}
              </a>
            ) : (
              <Link href={step.href} className={rowClasses}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ol>
  );
}
