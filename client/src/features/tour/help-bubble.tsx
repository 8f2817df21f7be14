import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CircleHelp } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button.tsx';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover.tsx';
import { rememberHelpBubble, shownHelpBubbles } from './tour-storage.ts';
import type { TourStepPosition } from './tour-types.ts';

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

  return (
    <Popover open={isOpen} onOpenChange={(next) => (next ? setIsOpen(true) : close())}>
      <span
        className="relative inline-flex items-center gap-1"
        onMouseEnter={trigger === 'hover' ? () => setIsOpen(true) : undefined}
        onMouseLeave={trigger === 'hover' ? () => setIsOpen(false) : undefined}
      >
        {/* Without children the bubble points at its own badge (the trigger is Radix's default anchor). */}
        {children !== undefined && (
          <PopoverAnchor asChild>
            <span className="inline-flex items-center">{children}</span>
          </PopoverAnchor>
        )}
        {trigger === 'click' && !isDone && (
          <PopoverPrimitive.Trigger asChild>
            <button
              type="button"
              aria-label={`Help: ${title}`}
              className="relative inline-flex size-11 items-center justify-center rounded-full text-brand-600 hover:bg-brand-50"
            >
              <span aria-hidden="true" className="absolute top-2.5 right-2.5 flex size-2.5">
                <span className="absolute inline-flex size-full rounded-full bg-accent-500 opacity-75 motion-safe:animate-ping" />
                <span className="relative inline-flex size-2.5 rounded-full bg-accent-600" />
              </span>
              <CircleHelp aria-hidden="true" className="size-5" />
            </button>
          </PopoverPrimitive.Trigger>
        )}
      </span>
      <PopoverContent side={position} className="w-72" aria-label={title} onOpenAutoFocus={trigger === 'hover' ? (e) => e.preventDefault() : undefined}>
        <h3 className="text-sm font-semibold text-neutral-900">{title}</h3>
        <p className="mt-1 text-sm text-neutral-600">{content}</p>
        <div className="mt-3 flex justify-end">
          <Button size="sm" className="min-h-11" onClick={close}>
            Got it!
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
