import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { dismissToast, useCurrentToast, type ToastMessage } from '@/lib/toast.ts';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast.tsx';

/**
 * A toast is about the page it was first drawn on: once the reader leaves that page, it goes. A toast raised with
 * the navigation it announces ('Signed in', then Home) is first drawn on the new page, in the same render, so it
 * stays there for its 5 s. Decided by what was drawn where, not by a clock.
 */
function useToastEndsWithItsPage(current: ToastMessage | null) {
  const [path] = useLocation();
  const drawnOn = useRef<{ id: string; path: string } | null>(null);
  useEffect(() => {
    if (!current?.open) return;
    if (drawnOn.current?.id !== current.id) drawnOn.current = { id: current.id, path };
    else if (drawnOn.current.path !== path) dismissToast(current.id);
  }, [current, path]);
}

/** Rendered once by the app shell; shows whatever `toast()` last asked for. */
export function Toaster() {
  const current = useCurrentToast();
  useToastEndsWithItsPage(current);
  return (
    <ToastProvider>
      {current && (
        // The key remounts on replacement, so the new toast gets a fresh 5 s timer.
        <Toast
          key={current.id}
          variant={current.variant}
          open={current.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(current.id);
          }}
        >
          <div className="grid min-w-0 flex-1 gap-0.5">
            <ToastTitle>{current.title}</ToastTitle>
            {current.description && <ToastDescription>{current.description}</ToastDescription>}
          </div>
          {current.action && (
            <ToastAction altText={current.action.altText ?? current.action.label} onClick={current.action.onClick}>
              {current.action.label}
            </ToastAction>
          )}
          <ToastClose />
        </Toast>
      )}
      <ToastViewport />
    </ToastProvider>
  );
}
