import type { FastifyInstance } from 'fastify';
import { bookingIdParamsSchema } from '@core/schemas/booking.ts';
import {
  addBookingPhotoSchema,
  bookingPhotoParamsSchema,
  checklistItemParamsSchema,
  setChecklistItemSchema,
} from '@core/schemas/proof.ts';
import { parse } from '../http/validate.ts';
import { addBookingPhoto, getBookingProof, removeBookingPhoto, setChecklistItem } from './proof-service.ts';

/** Proof of service (decision 020): a job's before and after photos and its checklist. */
export async function proofRoutes(app: FastifyInstance) {
  app.get('/api/bookings/:id/proof', (request) =>
    getBookingProof(app.ctx, request.user, parse(bookingIdParamsSchema, request.params).id),
  );

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
}
