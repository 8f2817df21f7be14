import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { CloudOff, X } from 'lucide-react';
import type { Booking } from '@core/schemas/booking.ts';
import { savedOnPhoneText } from '@core/domain/offline-actions.ts';
import { missingForComplete } from '@core/domain/proof.ts';
import type { BookingProof } from '@core/schemas/proof.ts';
import { Button } from '@/components/ui/button.tsx';
import { bookingQueryKey } from '@/components/booking/api/get-booking.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';
import {
  dismissRefusal,
  offlineRefusals,
  onQueueChange,
  queueAction,
  queuedActions,
  sendQueue,
  type OfflineRefusal,
  type QueuedAction,
} from '@/lib/offline-queue.ts';
import { bookingProofQueryKey } from './api/get-booking-proof.ts';

// A detailer's job without signal (decision 049): while the phone is offline, or while anything still waits to be
// sent (so the order holds), Start, ticks, photos and Complete are kept on the phone and shown as done at once.

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useIsOffline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => !navigator.onLine,
    () => false,
  );
}

const kindWords: Record<OfflineRefusal['kind'], string> = {
  'start-route': 'On my way',
  start: 'Start',
  checklist: 'Checklist tick',
  photo: 'Photo',
  complete: 'Complete',
};

/** The job's screens as if the action were done: the server's answer replaces this once the queue is sent. */
function showAsDone(queryClient: QueryClient, bookingId: number, action: QueuedAction['action'], photoUrl?: string) {
  const moved = {
    'start-route': { status: 'en_route', allowedActions: ['start'] },
    start: { status: 'in_progress', allowedActions: ['complete'] },
    complete: { status: 'completed', allowedActions: [] },
  } as const;
  if (action.kind === 'start-route' || action.kind === 'start' || action.kind === 'complete') {
    const next = moved[action.kind];
    queryClient.setQueryData<Booking>(
      bookingQueryKey(bookingId),
      (booking) => booking && { ...booking, status: next.status, allowedActions: [...next.allowedActions] },
    );
  }
  queryClient.setQueryData<BookingProof>(bookingProofQueryKey(bookingId), (proof) => {
    if (!proof) return proof;
    let { checklist, photos, canEdit } = proof;
    // Start copies the service's checklist: item n is at position n (negative ids until the server's come back).
    if (action.kind === 'start' && checklist.length === 0) {
      checklist = (proof.checklistToCome ?? []).map((label, index) => ({ id: -(index + 1), label, checked: false, checkedAt: null }));
    }
    if (action.kind === 'checklist') {
      checklist = checklist.map((item, index) =>
        index + 1 === action.position ? { ...item, checked: action.checked, checkedAt: action.checked ? action.doneAt : null } : item,
      );
    }
    if (action.kind === 'photo' && photoUrl)
      photos = [...photos, { id: -Date.now(), phase: action.phase, url: photoUrl, createdAt: action.doneAt }];
    if (action.kind === 'complete') canEdit = false;
    return { ...proof, checklist, photos, canEdit, missing: canEdit ? missingForComplete(photos, checklist) : [] };
  });
}

/** The queue of one job on this phone: how many actions wait, what the server refused, and `keep` to add one. */
export function useOfflineJob(bookingId: number) {
  const queryClient = useQueryClient();
  const isOffline = useIsOffline();
  const [waiting, setWaiting] = useState(0);
  const [refusals, setRefusals] = useState<OfflineRefusal[]>([]);

  useEffect(() => {
    if (typeof indexedDB === 'undefined') return undefined;
    let isMounted = true;
    const read = () =>
      void Promise.all([queuedActions(bookingId), offlineRefusals(bookingId)]).then(([queue, refused]) => {
        if (!isMounted) return;
        setWaiting(queue.length);
        setRefusals(refused);
      });
    read();
    const stop = onQueueChange(read);
    return () => {
      isMounted = false;
      stop();
    };
  }, [bookingId]);

  // Back online (or opened online with something waiting): send, then read the jobs again from the server. Opened
  // online with nothing sent, there is nothing new to read: every job card used to ask for the page's bookings again,
  // a second request and a second render of the whole list at start (decision 053).
  const wasOffline = useRef(isOffline);
  useEffect(() => {
    const cameBackOnline = wasOffline.current;
    wasOffline.current = isOffline;
    if (isOffline || typeof indexedDB === 'undefined') return;
    void sendQueue()
      .catch(() => 0)
      .then((sent) => {
        if (sent > 0 || cameBackOnline) void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
      });
  }, [isOffline, queryClient]);

  const keep = useCallback(
    async (action: Parameters<typeof queueAction>[1], photo?: Blob) => {
      const doneAt = new Date().toISOString();
      await queueAction(bookingId, action, photo);
      showAsDone(
        queryClient,
        bookingId,
        { ...action, clientId: '', doneAt } as QueuedAction['action'],
        photo && URL.createObjectURL(photo),
      );
    },
    [bookingId, queryClient],
  );

  return { isOffline, waiting, refusals, shouldQueue: isOffline || waiting > 0, keep };
}

/** The line that says what waits on the phone, and what the server refused once it was sent: the detailer's job page. */
export function OfflineJobStatus({ bookingId }: { bookingId: number }) {
  const job = useOfflineJob(bookingId);
  if (job.waiting === 0 && job.refusals.length === 0) return null;
  return (
    <div className="grid gap-2">
      {job.waiting > 0 && (
        <p role="status" className="flex items-start gap-2 rounded-control border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <CloudOff aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            {savedOnPhoneText} ({job.waiting} {job.waiting === 1 ? 'action' : 'actions'} waiting)
          </span>
        </p>
      )}
      {job.refusals.map((refusal) => (
        <div
          key={refusal.clientId}
          role="alert"
          className="flex items-start gap-2 rounded-control border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="grow">
            <span className="font-semibold">{kindWords[refusal.kind]} was not saved:</span> {refusal.reason}
          </p>
          <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={() => void dismissRefusal(refusal.clientId)}>
            <X aria-hidden />
          </Button>
        </div>
      ))}
    </div>
  );
}
