import { z } from 'zod';

/**
 * A detailer's feed file as its address names it: the token (32 random bytes, base64url) and `.ics`. Anything else is
 * no feed (404), not a validation error: the address is the credential, and a wrong one learns nothing.
 */
export const calendarFeedParamsSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/) });

/**
 * The signed-in detailer's calendar feed. The address itself is shown only in the answer that made it (a reset):
 * the server keeps its hash, not the address (decision 044).
 */
export const calendarFeedSchema = z.object({
  isSet: z.boolean(),
  createdAt: z.string().nullable(),
  /** When a calendar app last fetched the feed; null before the first time. */
  lastFetchedAt: z.string().nullable(),
  /** The https address to paste into a calendar app, only right after a reset. */
  url: z.string().optional(),
  /** The same address as webcal:, which a phone opens as 'Subscribe'. */
  webcalUrl: z.string().optional(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
