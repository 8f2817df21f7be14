import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

// A real push service on loopback: HTTPS with a certificate made here by openssl, answering 201 on /ok/*, 410 Gone on
// /gone/* and 500 on /fail/*. The browser side is played by a P-256 key pair and auth secret made with node:crypto,
// so a test decrypts what web-push sent (RFC 8291, aes128gcm) the way a browser would.

export type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

export type LoopbackPushService = {
  /** https://127.0.0.1:port */
  origin: string;
  /** The HTTPS agent that trusts this service's certificate (buildApp's pushAgent). */
  agent: https.Agent;
  /** Every request received, in order; tests empty it. */
  received: ReceivedPush[];
  close: () => Promise<void>;
};

export const failingPushAnswer = 'push service down for maintenance';

export async function startLoopbackPushService(): Promise<LoopbackPushService> {
  const dir = mkdtempSync(join(tmpdir(), 'glossly-push-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(join(dir, 'cert.pem'));
  const received: ReceivedPush[] = [];
  const server = https.createServer({ key: readFileSync(join(dir, 'key.pem')), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      if (path.startsWith('/fail/')) response.writeHead(500).end(failingPushAnswer);
      else response.writeHead(path.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    agent: new https.Agent({ ca: cert }),
    received,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** A browser's push subscription to `endpoint`: its JSON (the device token) and the decryption of what it receives. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: JSON.stringify({ endpoint, expirationTime: null, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } }),
    /** RFC 8188/8291 decryption of one aes128gcm message, as the browser does it. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverPublicKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const ecdhSecret = ecdh.computeSecret(serverPublicKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverPublicKey]);
      const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      expect(padded[end]).toBe(2); // the last record's delimiter
      return padded.subarray(0, end).toString('utf8');
    },
  };
}
