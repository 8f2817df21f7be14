import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog whose code loads the first time it opens instead of with the page: its form, and Radix's modal (focus
 * trap, scroll lock, layers), are not evaluated while a phone starts a page that only may open it (decision 027).
 * `open` left out counts as open (a dialog mounted only while it shows). Once opened it stays mounted, so that
 * closing plays its exit animation; until its code has arrived it shows nothing.
 */
export function lazyDialog<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const Content = lazy(load);
  return function LazyDialog(props: P) {
    const isOpen = (props as { open?: boolean }).open !== false;
    const [hasOpened, setHasOpened] = useState(isOpen);
    // Adjusting state to a prop while rendering, as React advises over an effect: no render with the stale value.
    if (isOpen && !hasOpened) setHasOpened(true);
    if (!hasOpened && !isOpen) return null;
    return (
      <Suspense fallback={null}>
        <Content {...props} />
      </Suspense>
    );
  };
}
