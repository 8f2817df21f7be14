import { useEffect, useId, useRef } from 'react';
import { BellRing, X } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import {
  dialogCloseClassName,
  dialogDescriptionClassName,
  dialogPaddingClassName,
  dialogSheetClassName,
  dialogTitleClassName,
} from '@/components/ui/dialog-look.ts';
import type { Role } from '@core/domain/roles.ts';
import { cn } from '@/lib/cn.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';

/** What notifications bring each role: the prompt speaks to the one reading it. */
export const notificationPromptReasons: Record<Role, string> = {
  customer: 'Hear the moment your detailer accepts, is on the way or finishes, even when Glossly is in the background.',
  detailer: 'Hear the moment a customer books or messages you, even when Glossly is in the background.',
  admin: 'Hear the moment a new detailer asks for approval or someone writes to support, even when Glossly is in the background.',
};

export type NotificationPermissionPromptProps = {
  open: boolean;
  /** Closing by any means (Not now, the close button, Escape, the backdrop) hides the prompt for the session. */
  onDismiss: () => void;
  onEnable: () => void;
  /** A tap that began while the prompt slid in: it closes for this page without counting as a dismissal. */
  onStepAside: () => void;
};

/** What a tap handed on from the prompt activates: the control under the finger, if there is one. */
const tappableSelector =
  'a[href],button,input,select,textarea,label,summary,[role="button"],[role="link"],[role="radio"],[role="tab"],[role="checkbox"],[role="switch"]';

/**
 * Hands a tap that began on the prompt on to the page under it, once the prompt has closed: the control at the point
 * where the finger lifts is clicked (a finger that moved is a scroll, and nothing is clicked). The browser's own click
 * of that tap would land on a common ancestor, so it is swallowed.
 */
function handTapToPage(pointerId: number, startX: number, startY: number) {
  const onUp = (event: PointerEvent) => {
    if (event.pointerId !== pointerId) return;
    document.removeEventListener('pointerup', onUp, true);
    if (Math.hypot(event.clientX - startX, event.clientY - startY) > 10) return;
    const target = document.elementFromPoint(event.clientX, event.clientY)?.closest(tappableSelector);
    if (!(target instanceof HTMLElement)) return;
    target.focus();
    target.click();
    const swallow = (click: MouseEvent) => {
      click.stopPropagation();
      click.preventDefault();
    };
    document.addEventListener('click', swallow, { capture: true, once: true });
    setTimeout(() => document.removeEventListener('click', swallow, true), 0);
  };
  document.addEventListener('pointerup', onUp, true);
}

/**
 * Asks to turn on browser notifications; the browser's own permission request follows "Enable notifications".
 *
 * The browser's own modal `<dialog>`, not the Radix dialog of every other: this is the one dialog that opens by
 * itself while a page starts, and opening a Radix dialog there was one task of 42 ms on this machine (170 ms on a
 * phone at 4x), drawn, inserted and focused at once (decision 030). `showModal()` gives the same behaviour from the
 * browser: the page behind is inert, focus moves to the first button and returns on close, Escape closes, and the
 * backdrop is the dialog's `::backdrop`. It looks like every dialog (dialog-look.ts).
 */
export function NotificationPermissionPrompt({ open, onDismiss, onEnable, onStepAside }: NotificationPermissionPromptProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  /** True while the sheet slides in: a tap begun then was aimed at the page, not at a prompt nobody has read yet. */
  const isSlidingIn = useRef(false);
  const titleId = useId();
  const descriptionId = useId();
  const { user } = useCurrentUser();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // The slide-in is the dialog's CSS animation (none with reduced motion); getAnimations is missing in jsdom.
      const slideIn = dialog.getAnimations?.() ?? [];
      isSlidingIn.current = slideIn.length > 0;
      void Promise.allSettled(slideIn.map((animation) => animation.finished)).then(() => (isSlidingIn.current = false));
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={cn(
        dialogSheetClassName,
        // The browser's own dialog style (centred, bordered, its own colours) gives way to the sheet's.
        'top-auto m-0 w-full max-w-none border-0 p-0 text-inherit open:animate-pop-in backdrop:bg-neutral-950/50 sm:max-w-lg',
      )}
      // Escape, or the browser closing it any other way.
      onCancel={(event) => {
        event.preventDefault();
        onDismiss();
      }}
      // A tap begun while the sheet slid in was aimed at the page ('Add your first car' was lost that way): the prompt
      // steps aside and the page gets the tap.
      onPointerDown={(event) => {
        if (!isSlidingIn.current) return;
        event.preventDefault();
        event.currentTarget.close();
        onStepAside();
        handTapToPage(event.pointerId, event.clientX, event.clientY);
      }}
      // The backdrop: a click on the dialog element itself, outside its content.
      onClick={(event) => {
        if (event.target === event.currentTarget) onDismiss();
      }}
    >
      <div className={cn('relative', dialogPaddingClassName)}>
        <div aria-hidden="true" className="mb-3 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <BellRing className="size-6" />
        </div>
        <h2 id={titleId} className={dialogTitleClassName}>
          Turn on notifications
        </h2>
        <p id={descriptionId} className={dialogDescriptionClassName}>
          {notificationPromptReasons[user?.role ?? 'customer']}
        </p>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onDismiss}>
            Not now
          </Button>
          <Button onClick={onEnable}>Enable notifications</Button>
        </div>
        <button type="button" aria-label="Close" className={dialogCloseClassName} onClick={onDismiss}>
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </dialog>
  );
}
