import { createServer } from 'node:net';
import { ConfigError, type Config } from './config.ts';

/** What a start-up failure can be blamed on; each maps to the environment variable that names it. */
export type Resource = 'postgres' | 'pglite' | 'redis' | 's3' | 's3-bucket' | 's3-credentials';

/**
 * A failure an operator can fix (a server that does not answer, a database that does not exist, a data folder that
 * is a file), raised by the code that opens the resource. Its message is a few words without the variable's name:
 * `describeStartupFailure` adds it.
 */
export class UnavailableError extends Error {
  constructor(
    readonly resource: Resource,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'UnavailableError';
  }
}

type NodeError = Error & { code?: unknown; syscall?: unknown; port?: unknown };

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EPIPE',
  'EADDRNOTAVAIL',
]);

/** The error and its causes, outermost first (AggregateErrors contribute their first error). */
function errorChain(error: unknown): NodeError[] {
  const chain: NodeError[] = [];
  let current: unknown = error;
  while (current instanceof Error && chain.length < 6) {
    chain.push(current);
    const aggregated = current instanceof AggregateError ? (current.errors[0] as unknown) : undefined;
    current = current.cause ?? aggregated;
  }
  return chain;
}

const codeOf = (error: unknown): string | undefined => {
  for (const link of errorChain(error)) if (typeof link.code === 'string') return link.code;
  return undefined;
};

/**
 * Why a first connection to `target` (`host:port`) failed, in a few words: refused or unknown host (with the
 * system's code), no answer within the time allowed, or what the server answered (`database "x" does not exist`).
 */
export function connectionFailure(resource: Resource, target: string, error: unknown, timeoutMs: number): UnavailableError {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  let detail: string;
  if (code !== undefined && networkCodes.has(code)) detail = `could not connect to ${target} (${code})`;
  else if (/timeout|timed out/i.test(message)) detail = `no answer from ${target} within ${timeoutMs / 1000} s`;
  else if (code !== undefined && /^[0-9A-Z]{5}$/.test(code)) detail = `${target} answered: ${message}`;
  else detail = `could not connect to ${target}: ${message}`;
  return new UnavailableError(resource, detail, { cause: error });
}

/** `host:port` of a URL, never its credentials. */
export function urlTarget(url: string, defaultPort: number): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || defaultPort}`;
  } catch {
    return 'the server';
  }
}

/**
 * The one line an operator reads when start-up fails for a reason they can fix, naming the variable
 * (`Cannot start: PORT 3000 is already in use`), or undefined for an unexpected error (a bug: keep its stack).
 */
export function describeStartupFailure(error: unknown, config?: Pick<Config, 'PORT' | 'HOST' | 'DATA_DIR'>): string | undefined {
  const line = (text: string) => `Cannot start: ${text.replace(/\s*\n\s*/g, ' ')}`;
  if (error instanceof ConfigError) return line(error.message);
  if (error instanceof UnavailableError) {
    if (error.resource === 'postgres') return line(`DATABASE_URL: ${error.message}`);
    if (error.resource === 'redis') return line(`REDIS_URL: ${error.message}`);
    if (error.resource === 's3') return line(`S3_ENDPOINT: ${error.message}`);
    if (error.resource === 's3-bucket') return line(`S3_BUCKET ${error.message}`);
    if (error.resource === 's3-credentials') return line(`S3_ACCESS_KEY_ID: ${error.message}`);
    return line(`DATA_DIR ${config?.DATA_DIR ?? ''} ${error.message}`);
  }
  const listenError = errorChain(error).find((link) => link.syscall === 'listen');
  if (listenError && config) {
    const port = typeof listenError.port === 'number' ? listenError.port : config.PORT;
    switch (listenError.code) {
      case 'EADDRINUSE':
        return line(`PORT ${port} is already in use`);
      case 'EACCES':
        return line(`PORT ${port} needs privileges this process does not have (use a port above 1023)`);
      case 'EADDRNOTAVAIL':
        return line(`HOST ${config.HOST} is not an address of this machine`);
    }
  }
  return undefined;
}

/**
 * Fails at once when PORT is taken, rather than after opening, migrating and seeding the database (seconds on a
 * new PGlite folder). Listening can still fail later (another process may take the port meanwhile): that error is
 * described the same way.
 */
export function checkPortFree(config: Pick<Config, 'PORT' | 'HOST'>): Promise<void> {
  if (config.PORT === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: config.PORT, host: config.HOST, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** At most this long to close what was opened before exiting on a failed start. */
const cleanupLimitMs = 3000;

/**
 * Runs one start-up step. An expected failure prints its one line on stderr, closes what earlier steps opened
 * (`cleanup`, bounded) and exits 1; an unexpected one is rethrown with its stack.
 */
export async function startupStep<T>(step: () => T | Promise<T>, config?: Config, cleanup?: () => Promise<unknown>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const message = describeStartupFailure(error, config);
    if (message === undefined) throw error;
    console.error(message);
    if (cleanup) {
      const limit = new Promise((resolve) => setTimeout(resolve, cleanupLimitMs).unref());
      await Promise.race([cleanup().catch(() => undefined), limit]);
    }
    process.exit(1);
  }
}
