import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False while the server draws a page (app/prerender.tsx: no window, no address, no Leaflet), true in the browser
 * from its first render on. A part that needs the browser draws its placeholder on the server and itself here.
 */
export function useInBrowser(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
