/** Where sign-in should send the user back to: /login?next=/booking/1 after a guarded page sent them there. */
export function loginPathFor(returnTo: string): string {
  return returnTo === '/' ? '/login' : `/login?next=${encodeURIComponent(returnTo)}`;
}

/** The `next` of a query string when it is a path of this app; anything else (another origin, //evil) gives '/'. */
export function safeReturnTo(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/login')) return '/';
  return next;
}
