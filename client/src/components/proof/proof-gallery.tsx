import { Camera } from 'lucide-react';
import { openingTimeText } from '@core/domain/booking-status.ts';
import type { PhotoPhase } from '@core/domain/proof.ts';
import type { BookingProof } from '@core/schemas/proof.ts';
import { Card } from '@/components/ui/card.tsx';
import { ProofChecklist } from './proof-checklist.tsx';
import { ProofPhoto, proofPhotoName } from './proof-photo.tsx';

export interface ProofGalleryProps {
  proof: BookingProof;
  serviceName: string;
  /** The job is still going: an empty gallery says the photos are coming rather than that there are none. */
  isUnderWay: boolean;
  /** The booking's zone: the times of the job's steps are shown on its clock. */
  timeZone: string;
}

/**
 * The proof of a job, read-only (the customer, or anyone once it is done): before and after photos side by side in
 * pairs, the first before with the first after, each opening larger when tapped; then the checklist with its ticks.
 */
export function ProofGallery({ proof, serviceName, isUnderWay, timeZone }: ProofGalleryProps) {
  const before = proof.photos.filter((photo) => photo.phase === 'before');
  const after = proof.photos.filter((photo) => photo.phase === 'after');
  const pairs = Array.from({ length: Math.max(before.length, after.length) }, (_, index) => index);
  const cell = (phase: PhotoPhase, index: number) => {
    const photo = (phase === 'before' ? before : after)[index];
    if (photo) return <ProofPhoto photo={photo} name={proofPhotoName(phase, index + 1, serviceName)} />;
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-control border border-dashed border-neutral-300 p-2 text-center text-xs text-neutral-600">
        No {phase} photo
      </div>
    );
  };

  return (
    <Card className="grid gap-4 p-4">
      <h2 className="text-base font-semibold text-neutral-900">Proof of service</h2>
      {pairs.length > 0 ? (
        <div className="grid gap-2">
          <div className="grid grid-cols-2 gap-2 text-xs font-medium tracking-wide text-neutral-600 uppercase">
            <span>Before</span>
            <span>After</span>
          </div>
          <ul className="grid gap-2" aria-label="Before and after photos">
            {pairs.map((index) => (
              <li key={index} className="grid grid-cols-2 gap-2">
                {cell('before', index)}
                {cell('after', index)}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="flex items-start gap-2 rounded-control bg-neutral-50 p-3 text-sm text-neutral-700">
          <Camera aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
          {isUnderWay
            ? 'Your detailer adds before and after photos as they work; they appear here as they are added.'
            : 'No photos were added to this job.'}
        </p>
      )}
      {proof.checklist.length > 0 && <ProofChecklist items={proof.checklist} />}
      <JobSteps proof={proof} serviceName={serviceName} timeZone={timeZone} />
    </Card>
  );
}

/**
 * What the detailer did, in the order and at the times they did it (a job done without signal keeps the times it
 * was done on the phone, decision 049), on the booking's clock.
 */
function JobSteps({ proof, serviceName, timeZone }: Pick<ProofGalleryProps, 'proof' | 'serviceName' | 'timeZone'>) {
  const counts: Record<PhotoPhase, number> = { before: 0, after: 0 };
  const steps = [
    ...proof.photos.map((photo) => ({
      at: photo.createdAt,
      text: `${proofPhotoName(photo.phase, ++counts[photo.phase], serviceName)} added`,
    })),
    ...proof.checklist.flatMap((item) => (item.checkedAt ? [{ at: item.checkedAt, text: `${item.label} done` }] : [])),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  if (steps.length === 0) return null;
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold text-neutral-900">Job steps</h3>
      <ol className="grid gap-1 text-sm text-neutral-700" aria-label="Job steps">
        {steps.map((step, index) => (
          <li key={index} className="flex justify-between gap-3">
            <span>{step.text}</span>
            <span className="shrink-0 text-neutral-600 tabular-nums">
              {openingTimeText(new Date(step.at), timeZone, new Date(step.at)).replace(/^at /, '')}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
