import type { ReactNode } from 'react';
import { useInBrowser } from '@/lib/use-in-browser.ts';

/**
 * Every form control is disabled until the app is live in the browser. A screen drawn by the server (decisions 024,
 * 025) is on screen before the app's scripts have run: a button there would do nothing, and a form's submit button
 * would send the form the browser's way, its fields in the address. The browser disables what a disabled fieldset
 * holds; `display: contents` keeps it out of the layout and `role="presentation"` out of what a screen reader
 * announces. The server draws it disabled; hydrating that screen, the app's first render matches it (React reads
 * `useInBrowser`'s server value while it hydrates) and enables it right after. Links work throughout.
 *
 * A part of the screen whose code loads on its own (the bell, 'Book again') is hydrated once that code is in, after
 * the rest: until then it is the drawn HTML, and a tap or a keystroke in it would be lost. Such a part is wrapped in
 * one of its own, inside its Suspense boundary.
 */
export function DisabledUntilLive({ children }: { children: ReactNode }) {
  const isLive = useInBrowser();
  return (
    <fieldset disabled={!isLive} role="presentation" className="contents">
      {children}
    </fieldset>
  );
}
