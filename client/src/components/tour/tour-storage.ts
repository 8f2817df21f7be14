import { storageKeys } from '@/lib/storage-keys.ts';

export function isTourCompleted(tourId: string): boolean {
  try {
    return localStorage.getItem(storageKeys.tourCompleted(tourId)) === 'true';
  } catch {
    return false;
  }
}

export function markTourCompleted(tourId: string) {
  try {
    localStorage.setItem(storageKeys.tourCompleted(tourId), 'true');
  } catch {
    // Private mode without storage: the tour simply is not remembered.
  }
}

/** Ids of showOnce help bubbles already shown (local storage 'shownHelpBubbles', a JSON array). */
export function shownHelpBubbles(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKeys.shownHelpBubbles) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberHelpBubble(id: string) {
  const ids = shownHelpBubbles();
  if (ids.includes(id)) return;
  try {
    localStorage.setItem(storageKeys.shownHelpBubbles, JSON.stringify([...ids, id]));
  } catch {
    // As above.
  }
}
