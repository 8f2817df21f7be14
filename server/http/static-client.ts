import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const apiNotFound = (method: string, url: string) => ({
  code: 'not_found',
  message: `No route for ${method} ${url.split('?')[0]}`,
});

export const immutableCacheControl = 'public, max-age=31536000, immutable';
/** Images and icons keep their names across builds: a day, then asked again. */
export const imageCacheControl = 'public, max-age=86400';

/**
 * Hashed assets (assets/*: their name changes with their content) are kept a year without asking again. The page
 * (index.html), the service worker, the manifest and any other file that names what to load are revalidated on each
 * use (ETag / Last-Modified), so a new build is seen at once; images and icons are kept a day. The path may be a
 * precompressed sibling (`.br`, `.gz`) in the same folder.
 */
function setCacheHeaders(reply: FastifyReply, filePath: string) {
  const file = filePath.replace(/\.(?:br|gz)$/, '');
  const hashed = path.basename(path.dirname(file)) === 'assets';
  const image = /\.(?:png|svg|jpe?g|webp|avif|gif|ico)$/.test(file);
  reply.header('cache-control', hashed ? immutableCacheControl : image ? imageCacheControl : 'no-cache');
}

/**
 * Serves the built React app; any other GET gets index.html so the client router can answer it. Text files come
 * precompressed from the build (vite.config.ts writes `.br` and `.gz` siblings): the one matching Accept-Encoding is
 * sent with Content-Encoding and `Vary: Accept-Encoding`, and nothing here is compressed per request.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string | undefined) {
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  if (clientDir !== undefined && !hasClient) {
    app.log.warn(`No built client in ${clientDir}: run "npm run build" to serve the app`);
  }
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      preCompressed: true,
      // @fastify/send's own Cache-Control ('public, max-age=0') went out after setHeaders had set the header on the
      // raw response, and won: every hashed asset was revalidated on every visit. setCacheHeaders decides alone.
      cacheControl: false,
      setHeaders: setCacheHeaders,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing asset (a chunk of an older build) is a 404, not the page in its place.
    if (!hasClient || request.method !== 'GET' || request.url.startsWith('/api/') || request.url.startsWith('/assets/')) {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    return reply.sendFile('index.html');
  });
}
