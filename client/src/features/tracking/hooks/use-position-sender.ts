import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client.ts';
import { sendPosition } from '../api/send-position.ts';
import { distanceMeters } from '@core/domain/geo.ts';

import type { SendingProblem } from '@/lib/geolocation.ts';

export { requestPosition, type SendingProblem } from '@/lib/geolocation.ts';

/** Every 10 seconds, or sooner once the detailer has moved 50 m: whichever comes first (decision 018). */
export const sendEveryMs = 10_000;
export const sendAfterMeters = 50;
/** The server keeps one position per 2 seconds of a trip; a move sent sooner would be dropped, so it waits. */
export const minGapMs = 2_000;

type Fix = { latitude: number; longitude: number; accuracy: number };

/**
 * While `bookingId` is set (sharing on and a job on its way or in progress): watches the browser's position and
 * posts it for that booking. A 409/404 (sharing off, the job no longer on its way) calls `onRefused` so the page
 * reloads what is shared; a geolocation error stops the heartbeat, so the customer sees 'paused', not a stale dot.
 */
export function usePositionSender(bookingId: number | null, onRefused: () => void) {
  const [lastSentAt, setLastSentAt] = useState<Date | null>(null);
  const [problem, setProblem] = useState<SendingProblem | null>(null);
  const refusedRef = useRef(onRefused);
  useEffect(() => {
    refusedRef.current = onRefused;
  }, [onRefused]);

  useEffect(() => {
    if (bookingId === null) return;
    const geolocation = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geolocation) return;
    let latest: Fix | null = null;
    let lastSent: { at: number; fix: Fix } | null = null;
    let isSending = false;
    let isStopped = false;

    async function send(fix: Fix) {
      if (isSending || isStopped) return;
      isSending = true;
      try {
        await sendPosition({ bookingId: bookingId!, latitude: fix.latitude, longitude: fix.longitude, accuracyMeters: fix.accuracy });
        if (isStopped) return;
        lastSent = { at: Date.now(), fix };
        setLastSentAt(new Date(lastSent.at));
        setProblem(null);
      } catch (error) {
        if (isStopped) return;
        if (error instanceof ApiError && (error.status === 409 || error.status === 404)) refusedRef.current();
        else setProblem('network');
      } finally {
        isSending = false;
      }
    }

    const isDue = (fix: Fix) => {
      if (!lastSent) return true;
      const elapsed = Date.now() - lastSent.at;
      return elapsed >= sendEveryMs || (elapsed >= minGapMs && distanceMeters(lastSent.fix, fix) >= sendAfterMeters);
    };

    const watchId = geolocation.watchPosition(
      (position) => {
        latest = { latitude: position.coords.latitude, longitude: position.coords.longitude, accuracy: position.coords.accuracy };
        if (isDue(latest)) void send(latest);
      },
      (error) => {
        // No fix, no heartbeat: the customer's screen then says 'paused' rather than showing an old dot as live.
        latest = null;
        setProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 30_000 },
    );
    // A detailer standing still gets no new fixes: repeat the latest one so the trip is not shown as paused. The
    // same tick sends a move that came within 2 s of the last send.
    const heartbeat = window.setInterval(() => {
      if (latest && isDue(latest)) void send(latest);
    }, 1_000);

    return () => {
      isStopped = true;
      geolocation.clearWatch(watchId);
      window.clearInterval(heartbeat);
    };
  }, [bookingId]);

  if (bookingId === null) return { lastSentAt: null, problem: null };
  const isSupported = typeof navigator !== 'undefined' && Boolean(navigator.geolocation);
  return { lastSentAt, problem: isSupported ? problem : ('unsupported' as const) };
}
