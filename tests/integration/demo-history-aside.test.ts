import { afterEach, describe, expect, it } from 'vitest';
import { count, eq, like } from 'drizzle-orm';
import type { BusinessStats } from '@core/schemas/business-stats.ts';
import { bookings, serviceCategories } from '../../server/db/schema.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { writeDemoHistoryAside, type DemoHistoryAsideResult } from '../../server/seed/demo-history-aside.ts';
import { demoAccounts } from '../../server/seed/seed-data.ts';
import { findUserByEmail } from '../../server/identity/user-service.ts';
import { createMemoryStorage } from '../../server/storage/object-storage.ts';
import { createCaller, createTestApp, createTestClock, type TestApp } from './test-app.ts';

// The demo history written after the app listens (decision 047), on PGlite only: PostgreSQL writes it in place
// under the start-up lock, where its one transaction hides it from other connections until it commits.
const seedNow = new Date('2026-11-25T18:00:00Z');

describe('demo history written beside the running app (PGlite)', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  const start = async () => {
    const clock = createTestClock(seedNow);
    t = await createTestApp('pglite', { clock });
    await seedDatabase(t.ctx);
    const app = t;
    return { app, clock, ...createCaller(() => app, clock) };
  };
  // Three weeks of it: what is tested is the window around the history, not the story (demo-history.test.ts).
  const history = (weeks = 3) => ({ now: seedNow, storage: createMemoryStorage(), config: t!.config, weeks });
  const completedCount = async (app: TestApp) =>
    (await app.db.select({ n: count() }).from(bookings).where(eq(bookings.status, 'completed')))[0]!.n;

  it('answers a request made while the history is written with the seed alone, then shows the whole history at once', async () => {
    const { app, call, cookieFor } = await start();
    const detailer = (await findUserByEmail(app.db, demoAccounts.detailer.email))!;
    await cookieFor(detailer); // signed in before: the request in the window only reads
    let settled = false;
    let inWindow: Promise<{ status: number; stats: BusinessStats; whileWriting: boolean }> | undefined;
    const onClone = () => {
      inWindow ??= call(detailer, 'GET', '/api/detailer/stats?period=6m').then((response) => ({
        status: response.statusCode,
        stats: response.json<BusinessStats>(),
        whileWriting: !settled,
      }));
    };
    const writing = writeDemoHistoryAside(app.ctx, history(), { onClone }).finally(() => {
      settled = true;
    });
    const result: DemoHistoryAsideResult = await writing;
    const during = await inWindow!;
    // The request answered before the history was in, from the seed alone: no half history.
    expect(during.whileWriting).toBe(true);
    expect(during.status).toBe(200);
    expect(during.stats.completedBookings).toBe(0);

    // A signed-in read writes nothing: the first clone's history is copied.
    expect(result).toMatchObject({ skipped: false, how: 'copied', attempts: 1, upcoming: 5 });
    expect(result.completed).toBeGreaterThan(5);
    expect(await completedCount(app)).toBe(result.completed);
    const after = (await call(detailer, 'GET', '/api/detailer/stats?period=6m')).json<BusinessStats>();
    expect(after.completedBookings).toBeGreaterThan(0);
    // New rows after the copy take fresh ids (the sequences came across too).
    const [category] = await app.db.insert(serviceCategories).values({ name: 'After the copy' }).returning({ id: serviceCategories.id });
    expect(category!.id).toBeGreaterThan(0);
    // Once: a later start finds it there and makes no clone.
    expect((await writeDemoHistoryAside(app.ctx, history())).how).toBe('none');
  }, 120_000);

  it('keeps writes made while the history is written: a new clone each time, then in place, whole and once', async () => {
    const { app } = await start();
    const written: Promise<unknown>[] = [];
    const onClone = () => {
      // Started at once (a query builder waits for its then), as a request would.
      written.push(
        app.db
          .insert(serviceCategories)
          .values({ name: `Booked during window ${written.length + 1}` })
          .then(() => undefined),
      );
    };
    // Three walks of the history here (two clones, then in place): one week each.
    const result = await writeDemoHistoryAside(app.ctx, history(1), { attempts: 2, onClone });
    await Promise.all(written);
    expect(result).toMatchObject({ skipped: false, how: 'in place', attempts: 2 });
    // One week's story differs from six months' (its upcoming slots may meet a past job's): some of each.
    expect(result.completed).toBeGreaterThan(0);
    expect(result.upcoming).toBeGreaterThan(0);
    expect(await completedCount(app)).toBe(result.completed);
    const kept = await app.db
      .select({ name: serviceCategories.name })
      .from(serviceCategories)
      .where(like(serviceCategories.name, 'Booked during window %'));
    expect(kept.map((row) => row.name).sort()).toEqual(['Booked during window 1', 'Booked during window 2']);
  }, 300_000);
});
