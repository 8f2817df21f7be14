import { z } from 'zod';

/**
 * What the live stream says changed (`event: change` on /api/notifications/stream): a topic and the id of the
 * thing. It carries no data on purpose: the client refetches every query that declared the topic, so what a
 * screen shows always comes from the same API read, with the reader's own access checks.
 */
export const liveTopics = ['booking', 'conversation', 'tracking'] as const;
export type LiveTopic = (typeof liveTopics)[number];

export const liveChangeSchema = z.object({ topic: z.enum(liveTopics), id: z.number().int().positive() });
export type LiveChange = z.infer<typeof liveChangeSchema>;
