import { storageKeys } from '@/lib/storage-keys.ts';

/** The words that make a dialog the closer's business (spec section 4). */
export const stuckDialogText = /notification|permission|alert/i;

/** How long a matching dialog must stay open, with no input from the user meanwhile, before it counts as stuck. */
export const stuckAfterMs = 15_000;

export type StuckModalCloserOptions = {
  root: ParentNode;
  now: () => number;
  /** True once the permission prompt was answered or dismissed: until then the closer never acts. */
  isPromptAnswered: () => boolean;
  /** When the user last pressed a key or the pointer (ms, same clock as now). */
  lastInputAt: () => number;
  stuckAfter?: number;
};

/**
 * Spec section 4's stuck-modal closer, read so that it can never take the permission prompt away before the
 * user has seen and answered it: a dialog whose text mentions notification, permission or alert is closed
 * (its close button clicked) only when the prompt was already answered or dismissed, the dialog has been
 * open for 15 s, and the user gave no input for 15 s (they are not reading or using it). Closing one sets the
 * local flags notificationPermissionAsked and notificationPreferencesSet. tick() does one check and returns
 * how many dialogs it closed.
 */
export function createStuckModalCloser(options: StuckModalCloserOptions) {
  const stuckAfter = options.stuckAfter ?? stuckAfterMs;
  const firstSeen = new WeakMap<Element, number>();
  return {
    tick(): number {
      const now = options.now();
      let closed = 0;
      for (const dialog of options.root.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]')) {
        if (!firstSeen.has(dialog)) firstSeen.set(dialog, now);
        if (!stuckDialogText.test(dialog.textContent ?? '')) continue;
        if (!options.isPromptAnswered()) continue;
        if (now - firstSeen.get(dialog)! < stuckAfter || now - options.lastInputAt() < stuckAfter) continue;
        const close = [...dialog.querySelectorAll('button')].find(
          (button) => button.getAttribute('aria-label') === 'Close' || button.textContent?.trim() === 'Close',
        );
        if (!close) continue;
        close.click();
        localStorage.setItem(storageKeys.notificationPermissionAsked, 'true');
        localStorage.setItem(storageKeys.notificationPreferencesSet, 'true');
        closed += 1;
      }
      return closed;
    },
  };
}
