import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, errorStatus, type ErrorBody } from '@core/errors.ts';

/** One place turns every failure into `{ code, message }`; a 5xx never shows its internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: error.message, fields: error.fields };
      return reply.status(error.status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ code: 'internal', message: 'Something went wrong on our side' });
    }
    // Fastify's own 4xx (malformed JSON, body too large, rate limit): keep its message, it names the problem.
    const code = (Object.entries(errorStatus).find(([, s]) => s === status)?.[0] ?? 'bad_request') as ErrorBody['code'];
    return reply.status(status).send({ code, message: error.message });
  });
}
