/** Every local-storage key the app uses, with the spec's names. */
export const storageKeys = {
  demoUser: 'demo-user',
  pendingBooking: 'pendingBooking',
  shownHelpBubbles: 'shownHelpBubbles',
  tourCompleted: (tourId: string) => `tour-completed:${tourId}`,
} as const;
