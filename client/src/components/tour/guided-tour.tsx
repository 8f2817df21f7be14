import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { ArrowLeft, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { TakeTourButton } from './take-tour-button.tsx';
import { isTourCompleted, markTourCompleted } from './tour-storage.ts';
import { tourAutoStartDelayMs, tourCardWidth, type TourStep, type TourStepPosition } from './tour-types.ts';

export type GuidedTourProps = {
  tourId: string;
  steps: TourStep[];
  /** Opens by itself after 1000 ms unless completed before (spec: off on the home screen). */
  autoStart?: boolean;
  /** Open at the first step: the page loaded the tour because 'Take Tour' was tapped. */
  startOpen?: boolean;
};

type Rect = { top: number; left: number; width: number; height: number; bottom: number };

const margin = 16;
const gap = 12;

/** Where the card goes: beside its target on the requested side when there is room, else centred. */
export function tourCardStyle(target: Rect | null, position: TourStepPosition, viewport: { width: number; height: number }): CSSProperties {
  const width = Math.min(tourCardWidth, viewport.width - 2 * margin);
  if (!target) return { width, left: (viewport.width - width) / 2, top: '50%', transform: 'translateY(-50%)' };
  const left = Math.min(Math.max(target.left + target.width / 2 - width / 2, margin), viewport.width - width - margin);
  // On a phone "left" and "right" have no room: they fall back to below or above, whichever is larger.
  const side = position === 'top' || position === 'bottom' ? position : target.top > viewport.height - target.bottom ? 'top' : 'bottom';
  return side === 'top'
    ? { width, left, bottom: Math.max(viewport.height - target.top + gap, margin) }
    : { width, left, top: Math.min(target.bottom + gap, viewport.height - margin - 160) };
}

function measure(selector: string | undefined): Rect | null {
  if (!selector) return null;
  const element = document.querySelector(selector);
  if (!element) return null;
  const r = element.getBoundingClientRect();
  return { top: r.top, left: r.left, width: r.width, height: r.height, bottom: r.bottom };
}

/** The guided tour: a 'Take Tour' button where the page places it, then one card per step over a backdrop. */
export function GuidedTour({ tourId, steps, autoStart = false, startOpen = false }: GuidedTourProps) {
  const [stepIndex, setStepIndex] = useState<number | null>(startOpen ? 0 : null);
  const [target, setTarget] = useState<Rect | null>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const isOpen = stepIndex !== null;
  const step = stepIndex === null ? undefined : steps[stepIndex];

  const end = useCallback(() => {
    markTourCompleted(tourId);
    setStepIndex(null);
  }, [tourId]);

  useEffect(() => {
    if (!autoStart || isTourCompleted(tourId)) return;
    const timer = setTimeout(() => setStepIndex(0), tourAutoStartDelayMs);
    return () => clearTimeout(timer);
  }, [autoStart, tourId]);

  useLayoutEffect(() => {
    if (!step) return;
    const element = step.target ? document.querySelector(step.target) : null;
    element?.scrollIntoView?.({ block: 'center' });
    const update = () => setTarget(measure(step.target));
    update();
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, true);
    primaryRef.current?.focus();
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update, true);
    };
  }, [step]);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') end();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [isOpen, end]);

  if (!step || stepIndex === null) return <TakeTourButton onClick={() => setStepIndex(0)} />;

  const isLast = stepIndex === steps.length - 1;
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  return (
    <div className="fixed inset-0 z-[60]">
      <div data-testid="tour-backdrop" aria-hidden="true" className="absolute inset-0 bg-neutral-950/50" onClick={end} />
      {step.highlight && target && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute rounded-control ring-4 ring-accent-500 ring-offset-2 ring-offset-surface"
          style={{ top: target.top - 4, left: target.left - 4, width: target.width + 8, height: target.height + 8 }}
        />
      )}
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`tour-${step.id}-title`}
        aria-describedby={`tour-${step.id}-content`}
        className="absolute rounded-card bg-surface p-5 shadow-raised motion-safe:animate-pop-in"
        style={tourCardStyle(target, step.position ?? 'bottom', viewport)}
      >
        <button
          type="button"
          aria-label="Close tour"
          onClick={end}
          className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        <p className="text-xs font-medium text-brand-700">
          Step {stepIndex + 1} of {steps.length}
        </p>
        <h2 id={`tour-${step.id}-title`} className="mt-1 pr-8 text-lg font-semibold text-neutral-900">
          {step.title}
        </h2>
        <p id={`tour-${step.id}-content`} className="mt-1 text-sm text-neutral-600">
          {step.content}
        </p>
        <div className="mt-4 flex items-center gap-2">
          {stepIndex > 0 && (
            <Button variant="ghost" size="icon" aria-label="Previous step" onClick={() => setStepIndex(stepIndex - 1)}>
              <ArrowLeft aria-hidden />
            </Button>
          )}
          <Button variant="ghost" onClick={end}>
            Skip Tour
          </Button>
          <Button ref={primaryRef} className="ml-auto" onClick={() => (isLast ? end() : setStepIndex(stepIndex + 1))}>
            {isLast ? 'Finish' : 'Next'}
          </Button>
        </div>
      </div>
    </div>
  );
}
