import { z } from 'zod';
import { idSchema } from './common.ts';
import { maxOfflineActionsPerBatch } from '../domain/offline-actions.ts';
import { photoPhases } from '../domain/proof.ts';

// A detailer's job without signal (decision 049): what was done on the phone is sent later as one ordered batch,
// each action with the id the phone gave it and the time it was done there.

const common = {
  clientId: z.uuid({ error: 'clientId must be a UUID made on the phone' }),
  doneAt: z.iso.datetime({ offset: true, error: 'doneAt must be an ISO date and time' }),
};

export const offlineActionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('start-route'), ...common }),
    z.object({ kind: z.literal('start'), ...common }),
    z.object({ kind: z.literal('complete'), ...common }),
    /** A checklist item by its place in the service's list (1 = first): known on the phone before Start copies it. */
    z.object({
      kind: z.literal('checklist'),
      ...common,
      position: z.number({ error: 'position must be a whole number from 1' }).int().min(1, 'position must be a whole number from 1'),
      checked: z.boolean({ error: 'checked must be true or false' }),
    }),
    /** A photo whose bytes the phone uploaded first (POST /api/uploads), attached now. */
    z.object({
      kind: z.literal('photo'),
      ...common,
      uploadId: idSchema('uploadId'),
      phase: z.enum(photoPhases, { error: "phase must be 'before' or 'after'" }),
    }),
  ],
  { error: "kind must be 'start-route', 'start', 'checklist', 'photo' or 'complete'" },
);
export type OfflineAction = z.infer<typeof offlineActionSchema>;
export type OfflineActionKind = OfflineAction['kind'];

/** POST /api/bookings/:id/offline-actions */
export const offlineActionBatchSchema = z.object({
  actions: z
    .array(offlineActionSchema)
    .min(1, 'actions must hold at least one action')
    .max(maxOfflineActionsPerBatch, `actions holds at most ${maxOfflineActionsPerBatch} actions: send the rest in another batch`),
});
export type OfflineActionBatch = z.infer<typeof offlineActionBatchSchema>;

export const offlineActionResultSchema = z.discriminatedUnion('outcome', [
  /** `appliedAt`: the time it was recorded with (the phone's time, bounded). */
  z.object({ clientId: z.string(), outcome: z.literal('applied'), appliedAt: z.string() }),
  /** `reason`: the rule's own words, for the detailer. */
  z.object({ clientId: z.string(), outcome: z.literal('refused'), reason: z.string() }),
]);
export type OfflineActionResult = z.infer<typeof offlineActionResultSchema>;

/** The answer: one result per action, in the batch's order. */
export const offlineActionResultsSchema = z.object({ results: z.array(offlineActionResultSchema) });
export type OfflineActionResults = z.infer<typeof offlineActionResultsSchema>;
