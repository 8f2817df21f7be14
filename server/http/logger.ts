import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where log lines go; tests pass a stream to read them. */
export type LogStream = { write(line: string): void };

/** Fields that hold secrets wherever they appear in a logged object (pino `redact`). */
const redactedPaths = [
  'password',
  'passwordHash',
  'confirmPassword',
  'token',
  'sessionToken',
  'clientSecret',
  '*.password',
  '*.passwordHash',
  '*.confirmPassword',
  '*.token',
  '*.sessionToken',
  '*.clientSecret',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

export const redacted = '[redacted]';

/** Query-string values that are credentials: a payment intent's secret, a reset token, an OpenID code and state. */
const secretQueryValues = /([?&](?:client_secret|token|code|state)=)[^&#]*/gi;
/** Paths whose segment is a credential: a calendar feed's token (decision 044). */
const secretPathSegments = /(\/api\/calendar\/)[^/?#]+/gi;

/**
 * The values of a failed statement (Drizzle's `DrizzleQueryError.params`, anywhere in the cause chain): they may be
 * a password hash, a session token or someone's email, and PostgreSQL repeats them in its own messages.
 */
function statementValues(error: unknown): string[] {
  const values: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const params = (current as { params?: unknown }).params;
    if (Array.isArray(params)) {
      for (const value of params) {
        const text = typeof value === 'string' ? value : value instanceof Date ? undefined : JSON.stringify(value);
        // Very short values (ids, flags) would blank out unrelated words and are no secret.
        if (text && text.length >= 3) values.push(text);
      }
    }
    current = (current as { cause?: unknown }).cause;
  }
  return values.sort((a, b) => b.length - a.length);
}

function redactText(text: string, values: string[]): string {
  // Drizzle's message is `Failed query: <sql>\nparams: <values>`: the SQL stays, the values go.
  let safe = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${redacted}`);
  for (const value of values) safe = safe.split(value).join(redacted);
  return safe;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

function serialize(error: unknown, values: string[], depth: number): SerializedError {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: redactText(String(error), values), stack: '' };
  }
  const source = error as Record<string, unknown> & { message?: unknown; stack?: unknown; cause?: unknown };
  const serialized: SerializedError = {
    type: error.constructor?.name ?? 'Object',
    message: redactText(typeof source.message === 'string' ? source.message : '', values),
    stack: redactText(typeof source.stack === 'string' ? source.stack : '', values),
  };
  for (const [key, value] of Object.entries(source)) {
    // The statement's values are never written; nested objects may hold anything, so only plain fields are kept.
    if (key === 'params' || key === 'parameters' || key === 'cause' || key in serialized) continue;
    if (typeof value === 'string') serialized[key] = redactText(value, values);
    else if (typeof value === 'number' || typeof value === 'boolean') serialized[key] = value;
  }
  if (source.cause !== undefined && depth < 4) serialized.cause = serialize(source.cause, values, depth + 1);
  return serialized;
}

/** pino's `err` serializer: the error, its plain fields and its causes, without a failed statement's values. */
export function serializeError(error: unknown): SerializedError {
  return serialize(error, statementValues(error), 0);
}

/** Fastify's request fields, with credential query values hidden from the URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(secretQueryValues, `$1${redacted}`).replace(secretPathSegments, `$1${redacted}`),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The app's logger options: `Fastify({ logger: loggerOptions(config.LOG_LEVEL) })`. */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    redact: { paths: redactedPaths, censor: redacted },
    serializers: { err: serializeError, req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}
