import { useEffect } from 'react';
import { createStuckModalCloser } from '../stuck-modal-closer.ts';
import { isPromptDismissed, readNotificationPermission } from './use-notification-permission.ts';

/** Runs the stuck-modal closer once a second while mounted (see stuck-modal-closer.ts for the rules). */
export function useStuckModalCloser() {
  useEffect(() => {
    let lastInputAt = Date.now();
    const onInput = () => {
      lastInputAt = Date.now();
    };
    document.addEventListener('pointerdown', onInput, true);
    document.addEventListener('keydown', onInput, true);
    const closer = createStuckModalCloser({
      root: document,
      now: Date.now,
      lastInputAt: () => lastInputAt,
      isPromptAnswered: () => isPromptDismissed() || !['default', 'loading'].includes(readNotificationPermission()),
    });
    const timer = window.setInterval(() => closer.tick(), 1000);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('pointerdown', onInput, true);
      document.removeEventListener('keydown', onInput, true);
    };
  }, []);
}
