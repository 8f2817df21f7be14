import { z } from 'zod';

/** How far back the demo outbox reaches: the mails of the last hour (a sign-up's link is used within it). */
export const demoOutboxWindowMs = 60 * 60_000;

/** GET /api/demo/outbox: the mails the app sent (or, without SMTP, only recorded) in the last hour, newest first. */
export const demoOutboxEmailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type DemoOutboxEmail = z.infer<typeof demoOutboxEmailSchema>;
export const demoOutboxSchema = z.object({ emails: z.array(demoOutboxEmailSchema) });
export type DemoOutbox = z.infer<typeof demoOutboxSchema>;
