import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { HelpBadge } from './help-badge.tsx';
import { rememberHelpBubble, shownHelpBubbles } from './tour-storage.ts';
import type { TourStepPosition } from './tour-types.ts';

// The popover (Radix Popover and its positioning, about 18 KB gzipped) loads when a bubble first opens, so the
// home screen does not carry it before anyone asks for help.
const HelpBubblePopover = lazy(() => import('./help-bubble-popover.tsx'));

/** Spec section 9: auto bubbles open after 3000 ms by default. */
export const helpBubbleDefaultDelayMs = 3000;

export type HelpBubbleProps = {
  id: string;
  title: string;
  content: string;
  position?: TourStepPosition;
  /** click: a pulsing badge opens it; hover: opens on mouse enter, closes on leave; auto: opens after autoDelay. */
  trigger?: 'click' | 'hover' | 'auto';
  autoDelay?: number;
  /** Once shown, never again (its id is kept in local storage 'shownHelpBubbles'). */
  showOnce?: boolean;
  /** What the bubble explains; rendered as is. */
  children?: ReactNode;
};

/** A small explanation next to (children). Closed with 'Got it!'. */
export function HelpBubble({
  id,
  title,
  content,
  position = 'bottom',
  trigger = 'click',
  autoDelay = helpBubbleDefaultDelayMs,
  showOnce = false,
  children,
}: HelpBubbleProps) {
  const [isRetired] = useState(() => showOnce && shownHelpBubbles().includes(id));
  const [isOpen, setIsOpen] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const wasShown = useRef(false);

  useEffect(() => {
    if (trigger !== 'auto' || isRetired) return;
    const timer = setTimeout(() => setIsOpen(true), autoDelay);
    return () => clearTimeout(timer);
  }, [trigger, autoDelay, isRetired]);

  useEffect(() => {
    if (isOpen && showOnce && !wasShown.current) {
      wasShown.current = true;
      rememberHelpBubble(id);
    }
  }, [isOpen, showOnce, id]);

  if (isRetired) return <>{children}</>;

  const close = () => {
    setIsOpen(false);
    if (showOnce) setIsDone(true);
  };

  const hoverHandlers = trigger === 'hover' ? { onMouseEnter: () => setIsOpen(true), onMouseLeave: () => setIsOpen(false) } : {};
  const hasBadge = trigger === 'click' && !isDone;
  const closedView = (
    <span className="relative inline-flex items-center gap-1" {...hoverHandlers}>
      {children !== undefined && <span className="inline-flex items-center">{children}</span>}
      {hasBadge && <HelpBadge title={title} onClick={() => setIsOpen(true)} />}
    </span>
  );
  if (!isOpen) return closedView;
  return (
    <Suspense fallback={closedView}>
      <HelpBubblePopover
        title={title}
        content={content}
        position={position}
        trigger={trigger}
        hasBadge={hasBadge}
        hoverHandlers={hoverHandlers}
        onClose={close}
      >
        {children}
      </HelpBubblePopover>
    </Suspense>
  );
}
