import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DemoOutbox } from '@core/schemas/demo-outbox.ts';
import { demoOutboxPath, registrationAnswer } from '@core/schemas/email-verification.ts';
import { isDemoOutboxOpen } from '../../server/config.ts';
import { outboxEmails } from '../../server/db/schema.ts';
import { registrationPayload } from '../factories/index.ts';
import { databaseKinds } from './test-app.ts';
import { useDemoAdminApp } from './weather-test-app.ts';

// The first minute offline (issue 37): in demo mode a sign-up's confirmation link is readable on a page.
describe.each(databaseKinds)('the demo outbox on %s', (kind) => {
  describe('in demo mode', () => {
    const t = useDemoAdminApp(kind);

    it("lists a new sign-up's confirmation mail, newest first, and registration points to the page", async () => {
      const account = registrationPayload();
      const registered = await t.call(null, 'POST', '/api/auth/register', account);
      expect(registered.statusCode, registered.body).toBe(201);
      expect(registered.json()).toEqual({ message: registrationAnswer, outboxPath: demoOutboxPath });

      const response = await t.call(null, 'GET', '/api/demo/outbox');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const { emails } = response.json() as DemoOutbox;
      expect(emails[0]).toMatchObject({ to: account.email, subject: 'Confirm your Glossly email' });
      expect(emails[0]!.text).toContain('/verify-email?token=');
    });

    it('leaves out mails older than an hour', async () => {
      const [old] = await t.db
        .insert(outboxEmails)
        .values({ to: 'old@example.com', subject: 'Old news', text: 'gone', createdAt: sql`now() - interval '61 minutes'` })
        .returning({ id: outboxEmails.id });
      const { emails } = (await t.call(null, 'GET', '/api/demo/outbox')).json() as DemoOutbox;
      expect(emails.map((email) => email.id)).not.toContain(old!.id);
    });
  });

  describe('with demo mode off', () => {
    const t = useDemoAdminApp(kind, { env: { DEMO_MODE: 'false' } });

    it('answers 404 to everyone, admins included, and registration names no outbox', async () => {
      expect((await t.call(null, 'GET', '/api/demo/outbox')).statusCode).toBe(404);
      expect((await t.call(await t.admin(), 'GET', '/api/demo/outbox')).statusCode).toBe(404);
      const registered = await t.call(null, 'POST', '/api/auth/register', registrationPayload());
      expect(registered.json()).toEqual({ message: registrationAnswer });
    });
  });

  it('is never open on a production server, even one started in demo mode', () => {
    expect(isDemoOutboxOpen({ DEMO_MODE: true, NODE_ENV: 'production' })).toBe(false);
    expect(isDemoOutboxOpen({ DEMO_MODE: false, NODE_ENV: 'development' })).toBe(false);
    expect(isDemoOutboxOpen({ DEMO_MODE: true, NODE_ENV: 'development' })).toBe(true);
  });
});
