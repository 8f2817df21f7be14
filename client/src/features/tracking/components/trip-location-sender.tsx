import { useCallback } from 'react';
import { useLocationSharing } from '../api/get-location-sharing.ts';
import { usePositionSender } from '../hooks/use-position-sender.ts';
import { SharingProblem } from './sharing-problem.tsx';

/**
 * Tracking that just happens (issue 37): on every detailer screen, while sharing is on and a job is on its way or in
 * progress (On my way turns it on, Start off), the phone's position goes out for that job; the detailer never has
 * to open Location. A position that cannot go out is said at the top of the screen, with what the customer sees.
 * The app shell mounts it for detailers everywhere but the Location page, which sends and shows the same itself.
 */
export function TripLocationSender() {
  const sharing = useLocationSharing();
  const refetch = sharing.refetch;
  const refused = useCallback(() => void refetch(), [refetch]);
  const active = sharing.data?.enabled && sharing.data.activeBooking ? sharing.data.activeBooking : null;
  const { problem } = usePositionSender(active?.id ?? null, refused);
  if (!active || !problem) return null;
  return (
    <div className="px-4 pt-4">
      <SharingProblem problem={problem} />
    </div>
  );
}
