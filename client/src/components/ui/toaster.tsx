import { dismissToast, useCurrentToast } from '@/lib/toast.ts';
import {
  Toast,
  ToastAction,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast.tsx';

/** Rendered once by the app shell; shows whatever `toast()` last asked for. */
export function Toaster() {
  const current = useCurrentToast();
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
