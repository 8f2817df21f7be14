import { Link } from 'wouter';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { uploadWidthUrl } from '@/components/upload/api/upload-image.ts';
import { formatShortDate } from '@/lib/calendar-dates.ts';
import { useAdminClaims } from '../api/get-admin-claims.ts';
import { ClaimDecisionDialog } from './claim-decision-dialog.tsx';

/** /admin/bookings' queue of problems customers reported and nobody has answered yet, oldest first. */
export function OpenClaimsSection() {
  const claims = useAdminClaims('open');
  return (
    <section aria-labelledby="open-claims-heading" className="grid gap-3">
      <h2 id="open-claims-heading" className="text-base font-semibold text-neutral-900">
        Open claims{claims.data ? ` (${claims.data.length})` : ''}
      </h2>
      {claims.isPending ? (
        <Skeleton className="h-28 rounded-card" aria-hidden />
      ) : claims.isError ? (
        <ErrorState message="We couldn't load the claims." onRetry={() => claims.refetch()} />
      ) : claims.data.length === 0 ? (
        <p className="rounded-card border border-dashed border-neutral-300 px-4 py-3 text-sm text-neutral-600">
          No open claims. Problems customers report after a job appear here.
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Open claims">
          {claims.data.map((claim) => (
            <li key={claim.id}>
              <Card className="grid gap-3 p-4" data-testid={`claim-${claim.id}`}>
                <div className="grid gap-0.5">
                  <Link href={`/bookings/${claim.bookingId}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
                    #{claim.bookingId} · {claim.serviceName}
                  </Link>
                  <p className="text-sm text-neutral-600">
                    {claim.customerName} with {claim.detailerBusinessName} · reported {formatShortDate(claim.createdAt.slice(0, 10))}
                  </p>
                </div>
                <p className="text-sm whitespace-pre-line text-neutral-800">{claim.description}</p>
                {claim.photos.length > 0 && (
                  <ul className="grid grid-cols-3 gap-2" aria-label={`Photos of claim #${claim.id}`}>
                    {claim.photos.map((photo, index) => (
                      <li key={photo.uploadId}>
                        <a href={photo.url} target="_blank" rel="noreferrer" aria-label={`Open photo ${index + 1} of claim #${claim.id}`}>
                          <img
                            src={uploadWidthUrl(photo.url, 320)}
                            alt=""
                            className="aspect-square w-full rounded-control object-cover"
                            loading="lazy"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="flex justify-end gap-2">
                  <ClaimDecisionDialog claim={claim} decision="reject" />
                  <ClaimDecisionDialog claim={claim} decision="resolve" />
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
