/**
 * A cookie the server sets next to the session cookie and clears with it, readable by the page (the session cookie
 * is HttpOnly). It says only "this browser may hold a session": without it the app knows it has a visitor and asks
 * nothing, so a visitor's first paint waits for no request. It grants nothing; the session cookie alone
 * identifies anyone, and the server clears a hint that outlived its session.
 */
export const signedInHintCookie = 'glossly_signed_in';

/** Whether a `document.cookie` string carries the hint. */
export const hasSignedInHint = (cookies: string) => cookies.split(/;\s*/).some((pair) => pair.startsWith(`${signedInHintCookie}=`));
