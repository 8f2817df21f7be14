import { uploadsPerAccount } from '../http/rate-limit-store.ts';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { badRequest } from '@core/errors.ts';
import { uploadIdParamsSchema, uploadImageQuerySchema, uploadMaxBytes } from '@core/schemas/upload.ts';
import { parse } from '../http/validate.ts';
import { requireUser } from '../identity/access.ts';
import { createUpload, readUpload, uploadTooLarge } from './upload-service.ts';

/** An upload's bytes never change for its id; only the browser may keep them (who may see one can change). */
const imageCacheControl = 'private, max-age=31536000, immutable';

const fileField = 'file';
const sendAsForm = () => badRequest(`Send the image as multipart/form-data in a field named "${fileField}"`, { [fileField]: 'required' });

/** Multipart's own errors, in the API's words. */
function uploadError(error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadTooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return sendAsForm();
  if (code === 'FST_FILES_LIMIT') return badRequest('Send one image at a time', { [fileField]: 'one file only' });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return badRequest(`Send only the "${fileField}" field`);
  return error;
}

/**
 * Uploads (decision 019): one path for every image. Multipart is registered here only, so no other route parses it.
 * The session is asked for before the body is read: a signed-out caller gets 401 whatever they sent.
 */
export async function uploadRoutes(app: FastifyInstance) {
  const { storage } = app.ctx;

  await app.register(fastifyMultipart, {
    limits: { fileSize: uploadMaxBytes, files: 1, fields: 0, parts: 1, fieldSize: 0 },
  });

  app.post('/api/uploads', { config: uploadsPerAccount }, async (request, reply) => {
    const user = requireUser(request.user);
    let bytes: Buffer;
    try {
      const file = await request.file();
      if (!file || file.fieldname !== fileField) throw sendAsForm();
      bytes = await file.toBuffer();
    } catch (error) {
      throw uploadError(error);
    }
    const upload = await createUpload(app.ctx.db, storage, user, bytes);
    return reply.code(201).send(upload);
  });

  // Signed out too: a service's photo and a reviewed job's after photos are public; the service answers 404 for the rest.
  app.get('/api/uploads/:id', async (request, reply) => {
    const { id } = parse(uploadIdParamsSchema, request.params);
    const { w } = parse(uploadImageQuerySchema, request.query);
    const image = await readUpload(app.ctx.db, storage, request.user, id, w);
    return reply.type(image.contentType).header('cache-control', imageCacheControl).send(image.data);
  });
}
