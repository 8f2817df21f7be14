import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastAction {
  label: string;
  /** What the action does, for screen readers that cannot reach the toast in time. Defaults to label. */
  altText?: string;
  onClick: () => void;
}

export interface ToastMessage {
  id: string;
  title: string;
  description?: string;
  action?: ToastAction;
  variant: ToastVariant;
  /** False while the toast plays its exit animation after a dismiss or timeout. */
  open: boolean;
}

export type ToastInput = Omit<ToastMessage, 'id' | 'open' | 'variant'> & { variant?: ToastVariant };

// The spec shows ONE toast at a time, so the store is a single slot: a new toast replaces the old.
let current: ToastMessage | null = null;
let nextId = 0;
const listeners = new Set<() => void>();

function setCurrent(toast: ToastMessage | null) {
  current = toast;
  for (const listener of listeners) listener();
}

/** Show a toast from anywhere (components, query callbacks, the API error parser). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  nextId += 1;
  const id = `toast-${nextId}`;
  setCurrent({ variant: 'default', ...input, id, open: true });
  return { id, dismiss: () => dismissToast(id) };
}

/** Closes the given toast (or whichever is showing); a stale id is ignored. */
export function dismissToast(id?: string) {
  if (!current || (id !== undefined && current.id !== id)) return;
  setCurrent({ ...current, open: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return current;
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
