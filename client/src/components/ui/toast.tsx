import type { ComponentProps } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn.ts';
import type { ToastVariant } from '@/lib/toast.ts';

/** Spec values, spelled out even where they equal the Radix defaults so a change is deliberate. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} {...props} />
  );
}

// At the bottom, just above the bottom nav (min-h-14, its 1 px border and the phone's safe area): the header, the
// page's title and its first actions are at the top, where a toast hid the login card's title, My Cars and the
// receipt's heading. No page has a fixed action bar at the bottom but the nav. While a modal is open (a Radix dialog
// locks the body's scroll, `data-scroll-locked`; the browser's own `dialog:modal`) its sheet's buttons are at the
// bottom, and the page above is under its backdrop: the toast goes to the top, below the header, covering only what
// the backdrop already covers. Full width on phones, bottom-right and 420 px wide from md up. z-[100] is the top layer: above the
// nav and the unread badges (z-30), popovers and dialogs (z-50) and the tour (z-60), so a toast about a dialog's
// action is never hidden by it. The hotkey is Radix's default, F8.
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      className={cn(
        'fixed inset-x-0 bottom-[calc(3.5rem+1px+env(safe-area-inset-bottom))] z-[100] flex max-h-[calc(100dvh-7rem)] w-full flex-col gap-2 p-4',
        '[body[data-scroll-locked]_&]:top-[calc(3.5rem+1px)] [body[data-scroll-locked]_&]:bottom-auto',
        '[body:has(dialog:modal)_&]:top-[calc(3.5rem+1px)] [body:has(dialog:modal)_&]:bottom-auto',
        'md:right-0 md:left-auto md:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

const variantClasses: Record<ToastVariant, string> = {
  default: 'border-neutral-200 bg-surface text-neutral-900',
  destructive: 'border-danger-600 bg-danger-600 text-white',
};

export interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  variant?: ToastVariant;
}

// pointer-events-auto!: a toast stays tappable above a modal dialog that opened after it. Radix gives the layers open
// before a modal an inline `pointer-events: none`, and each toast is such a layer (its viewport is a branch, so a tap
// on a toast does not close the dialog).
export function Toast({ variant = 'default', className, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      data-variant={variant}
      className={cn(
        'group pointer-events-auto! relative flex w-full items-start gap-3 rounded-card border p-4 pr-12 shadow-raised',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-out',
        'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
        'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
        'data-[swipe=end]:animate-toast-out',
        variantClasses[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('mt-0.5 text-sm', className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'inline-flex min-h-11 shrink-0 items-center rounded-control border border-current/30 px-3 text-sm font-medium',
        'hover:bg-neutral-100 group-data-[variant=destructive]:hover:bg-danger-700',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Close"
      className={cn(
        'absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full opacity-70 hover:opacity-100',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-4" />
    </ToastPrimitive.Close>
  );
}
