import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A body encoded once and sent many times: its bytes, its ETag and both encodings. */
export type EncodedBody = { etag: string; plain: Buffer; br: Buffer; gzip: Buffer };

/**
 * Encodes a body once. `quick`: Brotli at quality 5, for a body kept seconds rather than for the life of a build
 * (quality 11 costs the server tens of milliseconds on a large page).
 */
export function encodeBody(plain: Buffer, { quick = false } = {}): EncodedBody {
  const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"`;
  const br = brotliCompressSync(plain, quick ? { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } : {});
  return { etag, plain, br, gzip: gzipSync(plain, { level: quick ? 6 : 9 }) };
}

/**
 * Whether an Accept-Encoding header takes `encoding`: its own entry decides (`br;q=0` refuses Brotli), else `*`; a
 * weight of zero refuses.
 */
export function acceptsEncoding(header: string, encoding: string): boolean {
  const weights = new Map(
    header.split(',').map((entry) => {
      const [name = '', ...parameters] = entry.split(';').map((part) => part.trim().toLowerCase());
      const weight = parameters.find((parameter) => parameter.startsWith('q='));
      return [name, weight === undefined ? 1 : Number(weight.slice(2))] as const;
    }),
  );
  const weight = weights.get(encoding) ?? weights.get('*');
  return weight !== undefined && weight > 0;
}

/** Whether an If-None-Match header names this ETag (a list, weak or strong, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * JSON that changes rarely (the catalog), serialized and compressed once per cache fill instead of on every request,
 * with a weak ETag: a phone that has it gets a 304 and no body. `no-cache` makes it ask each time, so a change is
 * seen at once.
 */
export function encodeJson(value: unknown): EncodedBody {
  const body = encodeBody(Buffer.from(JSON.stringify(value)), { quick: true });
  return { ...body, etag: `W/${body.etag}` };
}

export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, body: EncodedBody) {
  reply.header('cache-control', 'no-cache').header('etag', body.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], body.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (acceptsEncoding(accepted, 'br')) return reply.header('content-encoding', 'br').send(body.br);
  if (acceptsEncoding(accepted, 'gzip')) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.plain);
}
