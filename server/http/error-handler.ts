import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorStatus, type ErrorBody, type ErrorCode } from '@core/errors.ts';
import { postgresError } from '../db/errors.ts';

/**
 * PostgreSQL data exceptions that only a client's value causes: text with NUL (22021, 22P05), a number or date out
 * of range (22003, 22008), unparsable input (22P02, 22007), text too long (22001). The contracts in core/schemas
 * refuse these first; this is the safety net, so the client gets a 400 and the log a warning instead of a 500.
 */
const clientDataErrors = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/**
 * The database is away (restarting, shutting down, unreachable, the connection cut): nothing is wrong with the
 * request, so the client is told to try again shortly (503 with Retry-After) instead of a 500.
 */
const databaseAwayCodes = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);
const connectionErrorCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
export const databaseAwayMessage = 'Glossly is briefly unavailable. Please try again in a moment.';
export const databaseRetryAfterSeconds = 5;

function isDatabaseAway(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && (databaseAwayCodes.has(candidate.code) || connectionErrorCodes.has(candidate.code)))
      return true;
    // node-postgres's own words when the server goes while a client waits or works.
    if (typeof candidate.message === 'string' && /Connection terminated|timeout exceeded when trying to connect/.test(candidate.message))
      return true;
    current = candidate.cause;
  }
  return false;
}

/** Fastify's own errors whose message would echo the request's input back: a fixed text instead. */
const fixedMessages: Record<string, string> = {
  FST_ERR_BAD_URL: 'This address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'This address is too long',
};

/** The app's code for an HTTP status; a 4xx without one of its own is a bad request. */
export function codeForStatus(status: number): ErrorCode {
  const code = (Object.keys(errorStatus) as ErrorCode[]).find((candidate) => errorStatus[candidate] === status);
  return code ?? (status >= 500 ? 'internal' : 'bad_request');
}

function statusOf(error: unknown): number {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599 ? status : 500;
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const body: ErrorBody = { code: error.code, message: error.message, fields: error.fields };
    return reply.status(error.status).send(body);
  }
  const databaseCode = postgresError(error)?.code;
  if (databaseCode !== undefined && clientDataErrors.has(databaseCode)) {
    request.log.warn({ err: error }, `database refused a request value (${databaseCode})`);
    return reply.status(400).send({ code: 'bad_request', message: 'A value in this request is not valid' } satisfies ErrorBody);
  }
  if (isDatabaseAway(error)) {
    request.log.warn({ err: error }, 'the database is away');
    reply.header('retry-after', String(databaseRetryAfterSeconds));
    return reply.status(503).send({ code: 'unavailable', message: databaseAwayMessage } satisfies ErrorBody);
  }
  const status = statusOf(error);
  if (status >= 500) {
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'internal', message: 'Something went wrong on our side' } satisfies ErrorBody);
  }
  // Fastify's own 4xx (malformed JSON, wrong content type, body too large, rate limit): its message names the problem.
  const { code: fastifyCode, message } = error as Partial<FastifyError>;
  const text = (fastifyCode && fixedMessages[fastifyCode]) || (typeof message === 'string' && message) || 'This request is not valid';
  return reply.status(status).send({ code: codeForStatus(status), message: text } satisfies ErrorBody);
}

/** One place turns every failure into `{ code, message }`; a 5xx never shows its internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => sendError(error, request, reply));
}

/**
 * Fastify's `frameworkErrors` option: errors raised before routing (a URL that does not decode, a path parameter
 * over maxParamLength) get the same `{ code, message }` body instead of Fastify's own.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(error, request, reply);
}
