import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import { createCatalogCache } from '../../server/catalog/catalog-cache.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { reviews, users } from '../../server/db/schema.ts';
import { createBooking, createCustomer, createDetailer } from '../factories/index.ts';
import { signedInHintCookie } from '../../core/domain/session-hint.ts';
import { signedInCookie } from './test-app.ts';

// User text is data: every free-text field a user sets reaches the pages the server draws (static-client.ts). Text
// that reads as a replacement pattern (`$'`, `` $` ``, `$&`), closes a script or holds a lone surrogate must come out
// as itself, escaped, and leave the rest of the page whole.
const run = promisify(execFile);
let clientDir: string;
let app: FastifyInstance;
let database: DatabaseHandle;

const hostile = (field: string) => `${field} worth every $' spent, $\` and $& too </script><b>bold</b> \uD800 end`;
/** React's text escaping, as the drawn markup holds it. */
const asMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
const rootOf = (html: string) => /<div id="root"(?: data-draw-again)?>([\s\S]*)<\/div>\s*<\/body>\s*<\/html>\s*$/.exec(html)?.[1];
const dataOf = (html: string) => {
  const block = /<script type="application\/json" id="first-screen-data">([^<]*)<\/script>/.exec(html)?.[1];
  return block === undefined ? undefined : (JSON.parse(block) as unknown);
};

/** The page is whole: one document, its start script and root once, the data block parses and holds `texts`. */
function expectWholePage(html: string, texts: string[], where: string) {
  expect(html.match(/<\/html>/g), where).toHaveLength(1);
  expect(html.match(/<div id="root"/g), where).toHaveLength(1);
  expect(html.match(/src="\/start-app\.js"/g), where).toHaveLength(1);
  expect(html, where).not.toContain('<b>bold</b>');
  const root = rootOf(html);
  expect(root, where).toBeTruthy();
  const data = JSON.stringify(dataOf(html));
  for (const text of texts) {
    // The lone surrogate is stored as U+FFFD (UTF-8 cannot hold it); everything around it comes back as typed.
    const [before, after] = text.split(/[\uD800\uFFFD]/);
    expect(root, where).toContain(asMarkup(before!));
    expect(root, where).toContain(asMarkup(after!));
    expect(data, where).toContain(JSON.stringify(before).slice(1, -1));
  }
}

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'glossly-user-text-'));
  await run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', clientDir, '--emptyOutDir', '--logLevel', 'error'], {
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 16 * 1024 * 1024,
  });
  database = await openDatabase({ dataDir: undefined });
  await seedDatabase({ db: database.db, catalogCache: createCatalogCache() });
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database, clientDir });
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

describe('user text in the pages the server draws', () => {
  it("draws a business name, a customer's name, a review and its reply as text, on every page that shows them", async () => {
    const businessName = hostile('Shine');
    const customerName = hostile('Casey');
    const reviewText = hostile('Review');
    const replyText = hostile('Reply');
    const serviceName = hostile('Wash');
    const customer = await createCustomer(app.ctx, { name: customerName });
    const detailer = await createDetailer(app.ctx, { businessName, service: { name: serviceName } });
    const done = await createBooking(app.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'completed',
    });
    await createBooking(app.ctx, {
      customerId: customer.id,
      detailerId: detailer.detailerId,
      serviceId: detailer.serviceId,
      status: 'accepted',
      startsAt: new Date(Date.now() + 3 * 86_400_000),
    });
    await app.ctx.db.insert(reviews).values({
      bookingId: done.id,
      authorRole: 'customer',
      authorUserId: customer.id,
      detailerId: detailer.detailerId,
      customerId: customer.id,
      rating: 5,
      body: reviewText,
      reply: replyText,
      publishedAt: new Date(),
    });
    const [stored] = await app.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, customer.id));
    expect(stored!.name.startsWith("Casey worth every $' spent")).toBe(true);

    // A visitor: the detailer's public page (business name, service, review, reply) and the service's page.
    const publicPage = await app.inject({ method: 'GET', url: `/detailers/${detailer.detailerId}` });
    expect(publicPage.statusCode).toBe(200);
    expectWholePage(publicPage.body, [businessName, reviewText, replyText], 'detailer page');
    const servicePage = await app.inject({ method: 'GET', url: `/services/${detailer.serviceId}` });
    expect(servicePage.statusCode).toBe(200);
    expectWholePage(servicePage.body, [serviceName], 'service page');

    // The customer: their profile (their name) and their bookings (business and service names).
    const customerCookie = `${await signedInCookie(app.ctx.db, customer)}; ${signedInHintCookie}=1`;
    const profile = await app.inject({ method: 'GET', url: '/profile', headers: { cookie: customerCookie } });
    expectWholePage(profile.body, [customerName], 'profile');
    const bookingsPage = await app.inject({ method: 'GET', url: '/bookings', headers: { cookie: customerCookie } });
    expectWholePage(bookingsPage.body, [businessName], 'my bookings');

    // The detailer: their jobs (the customer's name).
    const detailerCookie = `${await signedInCookie(app.ctx.db, detailer.user)}; ${signedInHintCookie}=1`;
    const jobs = await app.inject({ method: 'GET', url: '/detailer/bookings', headers: { cookie: detailerCookie } });
    expect(jobs.statusCode).toBe(200);
    expectWholePage(jobs.body, [customerName], 'detailer jobs');
  });
});
