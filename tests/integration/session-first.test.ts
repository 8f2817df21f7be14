import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitorWrites } from '../../server/http/session-first.ts';
import { createTestApp, databaseKinds, type TestApp } from './test-app.ts';

/** An id for each path parameter: real-looking, so a route that read it first could act on it. */
const filled = (url: string) => url.replace(/:[A-Za-z]+\??/g, '1').replace(/\*/g, 'x');
/** A body every contract refuses: the wrong types for the usual fields, a NUL byte, an unknown key. */
const invalidBody = { email: 7, rating: 'x', planId: 'x', date: 'never', name: '\u0000', junk: true };

// docs/SECURITY.md: every route checks who is asking before it reads anything, the body included. The route table
// is read from the app itself (server/http/session-first.ts records every write route as it is registered).
describe.each(databaseKinds)('the session is checked before the body on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  it('answers 401 to an anonymous write with an invalid body, on every signed-in write route', async () => {
    const signedIn = t.app.apiWrites.filter((write) => write.signedIn).map((write) => write.route);
    // The app's write routes are all recorded (issue 38 counted 104 signed-in ones).
    expect(signedIn.length).toBeGreaterThanOrEqual(100);
    const answers: string[] = [];
    for (const route of signedIn) {
      const [method, url] = route.split(' ') as ['POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      for (const payload of [invalidBody, '{"not json']) {
        const response = await t.app.inject({ method, url: filled(url), payload, headers: { 'content-type': 'application/json' } });
        answers.push(`${response.statusCode} ${route}`);
        if (response.statusCode === 401) expect(response.json()).toMatchObject({ code: 'unauthorized' });
      }
    }
    expect(answers.filter((answer) => !answer.startsWith('401 '))).toEqual([]);
  });

  it('lets a visitor reach exactly the writes named for visitors, each of which reads its body', async () => {
    const visitor = t.app.apiWrites.filter((write) => !write.signedIn).map((write) => write.route);
    expect(visitor.sort()).toEqual([...visitorWrites].sort());
    const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: invalidBody });
    expect(register.statusCode).toBe(400);
  });
});
