import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { createCatalogCache } from '../../server/catalog/catalog-cache.ts';
import type { Clock } from '../../server/clock.ts';
import { badRequest } from '@core/errors.ts';
import { startCampaignJob } from '../../server/marketing/campaign-job.ts';
import { runVisitScheduler } from '../../server/memberships/visits/visit-scheduler-job.ts';

// The built app on a fresh in-memory PGlite: every end-to-end run starts from the seed.
const config = loadConfig();
const database = await openDatabase({ dataDir: undefined });
await seedDatabase({ db: database.db, catalogCache: createCatalogCache() });

// The server's clock runs with the real one, shifted by an offset a spec may move (On my way opens only 2 hours
// before the start: a spec that walks a job to its end moves the clock to the job's day). Test-only: this file is
// never the production entry (server/main.ts is), so no production server has the route below.
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const app = await buildApp({ config, database, clock, clientDir: path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client') });
// NODE_ENV=test starts no job; campaigns.spec.ts watches a campaign's sending reach 100 %, so the scheduler runs here.
startCampaignJob(app);

/**
 * POST /__e2e/clock { "offsetMinutes": n } puts the server's clock n minutes from the real time (0 puts it back);
 * { "at": iso } puts it at that instant, from which it keeps running. Answers the server's new time. Registered
 * before listen, as every route must be; tests/e2e/fixtures.ts moveServerClock calls it.
 */
app.post('/__e2e/clock', async (request) => {
  const body = (request.body ?? {}) as { offsetMinutes?: unknown; at?: unknown };
  if (typeof body.offsetMinutes === 'number' && Number.isFinite(body.offsetMinutes)) {
    offsetMs = body.offsetMinutes * 60_000;
  } else if (typeof body.at === 'string' && !Number.isNaN(Date.parse(body.at))) {
    offsetMs = Date.parse(body.at) - Date.now();
  } else {
    throw badRequest('Send { "offsetMinutes": number } or { "at": ISO instant }');
  }
  return { now: clock.now().toISOString(), offsetMinutes: offsetMs / 60_000 };
});

/** POST /__e2e/run-visit-scheduler: one pass of the membership visit scheduler at the server's clock (jobs do not run under test). */
app.post('/__e2e/run-visit-scheduler', () => runVisitScheduler(app.ctx, clock.now()));

await app.listen({ port: config.PORT, host: '127.0.0.1' });
