// A detailer's job without signal (decision 049): the numbers and words the phone and the server share, apart from
// the zod contracts so that the service worker's bundle does not carry zod.

/** At most this many actions in one batch: a phone with more sends them in several, in order. */
export const maxOfflineActionsPerBatch = 50;

/** What the screen says while actions wait on the phone. */
export const savedOnPhoneText = 'Saved on this phone, will send when you are back online';
