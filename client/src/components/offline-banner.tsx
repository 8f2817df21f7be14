import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';

function subscribeToConnection(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/**
 * True when a request never reached the server: fetch rejects with a TypeError ("Failed to fetch" in Chromium,
 * "NetworkError when attempting to fetch resource." in Firefox, "Load failed" in Safari). An answer, even an error
 * status (the api client's ApiError), is not one.
 */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/**
 * Whether the server answered the last request: false after a query or mutation that never reached it (the network
 * is gone, or the server is), true again after any answer, error answers included.
 */
function useServerReachable(): boolean {
  const queryClient = useQueryClient();
  const [reachable, setReachable] = useState(true);
  useEffect(() => {
    const seen = (error: unknown, succeeded: boolean) => {
      if (succeeded || (error != null && !isNetworkFailure(error))) setReachable(true);
      else if (isNetworkFailure(error)) setReachable(false);
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'success') seen(null, true);
      if (event.action.type === 'error') seen(event.action.error, false);
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      if (event.action.type === 'success') seen(null, true);
      if (event.action.type === 'error') seen(event.action.error, false);
    });
    const online = () => setReachable(true);
    window.addEventListener('online', online);
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
      window.removeEventListener('online', online);
    };
  }, [queryClient]);
  return reachable;
}

/**
 * "You're offline": shown above every page while the browser has no network, or while Glossly's server cannot be
 * reached. The page itself still opens (the service worker keeps the app shell); what needs the server waits.
 * The live region around it is always there, so screen readers announce the notice when it appears; the status
 * itself (role="status") exists only while offline, as pages and tests look for loading statuses by role.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribeToConnection,
    () => navigator.onLine,
    () => true,
  );
  const reachable = useServerReachable();
  const offline = !online || !reachable;
  return (
    <div aria-live="polite">
      {offline && (
        <div role="status" className="border-b border-warning-500 bg-warning-50 px-4 py-2 text-warning-800">
          <div className="mx-auto flex max-w-[32rem] items-start gap-2">
            <WifiOff aria-hidden className="mt-0.5 size-5 shrink-0" />
            <p className="text-sm">
              <span className="font-semibold">You&apos;re offline.</span>{' '}
              {online
                ? "Glossly can't be reached right now. What you open needs a connection and will load once Glossly answers again."
                : "What you open needs a connection: bookings and payments will load once you're back online."}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
