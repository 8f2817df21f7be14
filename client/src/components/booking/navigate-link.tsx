import { Navigation } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { mapsLinkHere } from '@/lib/maps-link.ts';

/** The one-line address a maps app is asked for: street, apartment, city and ZIP code. */
export const jobPlaceLine = (job: { address: string; apt?: string | null; city: string; zip: string }) =>
  [job.address, job.apt, job.city, job.zip].filter(Boolean).join(', ');

/**
 * 'Navigate': the job's address in the phone's own maps app (geo: on Android, Apple Maps on iOS, Google Maps
 * otherwise), as Jobber and Housecall Pro do. A web link opens in a new tab so the job's page stays behind it.
 */
export function NavigateLink({ address, accessibleName }: { address: string; accessibleName?: string }) {
  const href = mapsLinkHere(address);
  const isWeb = href.startsWith('https:');
  return (
    <Button asChild variant="secondary">
      <a href={href} aria-label={accessibleName} {...(isWeb ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        <Navigation aria-hidden />
        Navigate
      </a>
    </Button>
  );
}
