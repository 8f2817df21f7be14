import type { ReactNode } from 'react';
import { useInBrowser } from '@/lib/use-in-browser.ts';

/**
 * The controls of a part of the screen whose code loads on its own (the bell, 'Book again') are disabled until that
 * part is live. Such a part is hydrated once its code is in, after the rest of the screen: until then it is the drawn
 * HTML, and React would drop a tap on it. The rest of a drawn screen needs no such guard: a tap there before the app
 * is live is kept and done again once it is (client/public/early-taps.js, decision 052). Such a part wraps itself in
 * it, in its own chunk (the entry does not carry it), inside its Suspense boundary. The browser disables what a
 * disabled fieldset holds; `display: contents` keeps it out of the layout and `role="presentation"` out of what a
 * screen reader announces. The server draws it disabled; hydrating, the app's first render matches it (React reads
 * `useInBrowser`'s server value while it hydrates) and enables it right after. Links work throughout.
 */
export function DisabledUntilLive({ children }: { children: ReactNode }) {
  const isLive = useInBrowser();
  return (
    <fieldset disabled={!isLive} role="presentation" className="contents">
      {children}
    </fieldset>
  );
}
