import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP peer on loopback for an outside service's adapter (routing, geocoding): it records each request's path
 * and answers with the handler the test sets. Close it in afterAll.
 */
export async function startLoopbackService() {
  const requests: Array<{ url: string; headers: IncomingMessage['headers'] }> = [];
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.end();
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '', headers: request.headers });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    /** Answers every request with this status and JSON body. */
    answerJson(status: number, body: unknown) {
      handler = (_request, response) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(typeof body === 'string' ? body : JSON.stringify(body));
      };
    },
    /** Never answers (until the server closes): the adapter's timeout must end the wait. */
    hang() {
      handler = () => undefined;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
