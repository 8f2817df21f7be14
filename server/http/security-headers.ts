import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers, computed once at start-up instead of on every request: @fastify/helmet rebuilds the
 * helmet middleware per request, which halved API throughput (docs/decisions/004-security-headers.md).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The origin map tiles come from when MAP_TILE_URL names another site (decision 018); null for none or our own.
 * A `{s}` subdomain placeholder (a.tile…, b.tile…) becomes a wildcard for that one level.
 */
export function tileImageSource(mapTileUrl: string | undefined): string | null {
  if (!mapTileUrl || mapTileUrl.startsWith('/')) return null;
  const url = new URL(mapTileUrl.replaceAll(/\{[a-z]\}/g, '0'));
  return /^https?:\/\/\{s\}\./.test(mapTileUrl) ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}` : url.origin;
}

/** `scriptHashes`: the hash sources ('sha256-…') of the inline scripts the pages carry, the only ones allowed to run. */
export function registerSecurityHeaders(app: FastifyInstance, isProduction: boolean, mapTileUrl?: string, scriptHashes: string[] = []) {
  const tiles = tileImageSource(mapTileUrl);
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        // Everything ships from our own origin (no hot-linked scripts, fonts or images), map tiles when configured.
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: isProduction ? [] : null,
      },
    },
    strictTransportSecurity: isProduction,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
