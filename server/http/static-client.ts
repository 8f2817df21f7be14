import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const apiNotFound = (method: string, url: string) => ({
  code: 'not_found',
  message: `No route for ${method} ${url.split('?')[0]}`,
});

/** Serves the built React app; any other GET gets index.html so the client router can answer it. */
export async function registerStaticClient(app: FastifyInstance, clientDir: string | undefined) {
  const hasClient = clientDir !== undefined && existsSync(path.join(clientDir, 'index.html'));
  if (clientDir !== undefined && !hasClient) {
    app.log.warn(`No built client in ${clientDir}: run "npm run build" to serve the app`);
  }
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      setHeaders(res, filePath) {
        // Hashed assets never change; index.html must always be fresh.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.raw.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!hasClient || request.method !== 'GET' || request.url.startsWith('/api/')) {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
