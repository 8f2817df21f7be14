import type { FastifyInstance } from 'fastify';
import { bookingIdParamsSchema } from '@core/schemas/booking.ts';
import { addBookingPhotoSchema, bookingPhotoParamsSchema, checklistItemParamsSchema, setChecklistItemSchema } from '@core/schemas/proof.ts';
import { offlineActionBatchSchema } from '@core/schemas/offline-actions.ts';
import { parse } from '../http/validate.ts';
import { applyOfflineActions } from './offline-actions.ts';
import { addBookingPhoto, getBookingProof, removeBookingPhoto, setChecklistItem } from './proof-service.ts';

/** Proof of service (decision 020): a job's before and after photos and its checklist. */
export async function proofRoutes(app: FastifyInstance) {
  app.get('/api/bookings/:id/proof', (request) => getBookingProof(app.ctx, request.user, parse(bookingIdParamsSchema, request.params).id));

  app.post('/api/bookings/:id/photos', async (request, reply) => {
    const { id } = parse(bookingIdParamsSchema, request.params);
    const proof = await addBookingPhoto(app.ctx, request.user, app.ctx.clock.now(), id, parse(addBookingPhotoSchema, request.body));
    return reply.code(201).send(proof);
  });

  app.delete('/api/bookings/:id/photos/:photoId', (request) => {
    const { id, photoId } = parse(bookingPhotoParamsSchema, request.params);
    return removeBookingPhoto(app.ctx, request.user, id, photoId);
  });

  app.patch('/api/bookings/:id/checklist/:itemId', (request) => {
    const { id, itemId } = parse(checklistItemParamsSchema, request.params);
    return setChecklistItem(app.ctx, request.user, app.ctx.clock.now(), id, itemId, parse(setChecklistItemSchema, request.body));
  });

  // What the detailer did without signal, sent on reconnect (decision 049): one answer per action, in order.
  app.post('/api/bookings/:id/offline-actions', (request) => {
    const { id } = parse(bookingIdParamsSchema, request.params);
    return applyOfflineActions(app.ctx, request.user, app.ctx.clock.now(), id, parse(offlineActionBatchSchema, request.body));
  });
}
