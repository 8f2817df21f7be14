import type { ReactNode } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button.tsx';
import { Popover, PopoverAnchor, PopoverContent } from '@/components/ui/popover.tsx';
import { HelpBadge } from './help-badge.tsx';
import type { HelpBubbleProps } from './help-bubble.tsx';

type HelpBubblePopoverProps = Required<Pick<HelpBubbleProps, 'title' | 'content' | 'position' | 'trigger'>> & {
  hasBadge: boolean;
  hoverHandlers: { onMouseEnter?: () => void; onMouseLeave?: () => void };
  onClose: () => void;
  children?: ReactNode;
};

/** An open help bubble: the same markup as the closed one, with the explanation in a popover. */
export default function HelpBubblePopover({
  title,
  content,
  position,
  trigger,
  hasBadge,
  hoverHandlers,
  onClose,
  children,
}: HelpBubblePopoverProps) {
  return (
    <Popover open onOpenChange={(next) => !next && onClose()}>
      <span className="relative inline-flex items-center gap-1" {...hoverHandlers}>
        {/* Without children the bubble points at its own badge (the trigger is Radix's default anchor). */}
        {children !== undefined && (
          <PopoverAnchor asChild>
            <span className="inline-flex items-center">{children}</span>
          </PopoverAnchor>
        )}
        {hasBadge && (
          <PopoverPrimitive.Trigger asChild>
            <HelpBadge title={title} />
          </PopoverPrimitive.Trigger>
        )}
      </span>
      <PopoverContent
        side={position}
        className="w-72"
        aria-label={title}
        onOpenAutoFocus={trigger === 'hover' ? (event) => event.preventDefault() : undefined}
      >
        <h3 className="text-sm font-semibold text-neutral-900">{title}</h3>
        <p className="mt-1 text-sm text-neutral-600">{content}</p>
        <div className="mt-3 flex justify-end">
          <Button size="sm" className="min-h-11" onClick={onClose}>
            Got it!
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
