import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The server's rules of eslint.config.js (decision 045), run through ESLint's Node API on deliberate violations, as
// client/src/app/import-boundaries.test.ts does for the client: each snippet is linted as if it sat at `filePath`,
// its imports resolved against the real tree.
const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  // no-cycle is proved in the client's test; off here, it would walk the whole app behind every import of app.ts.
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: path.join(root, 'eslint.config.js'),
    overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
  });
});

async function errors(code: string, filePath: string, rule: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((message) => message.ruleId === rule).map((message) => message.message);
}

const roomArrows = (code: string, filePath: string) => errors(code, filePath, 'import-x/no-restricted-paths');
const restrictedImports = (code: string, filePath: string) => errors(code, filePath, 'no-restricted-imports');
const belowOnly = expect.stringContaining('Server rooms import only the rooms below them');

describe('server rooms', () => {
  it('refuses a room importing a room above it: identity a booking', async () => {
    expect(
      await roomArrows(
        "import { getBooking } from '../bookings/booking-queries.ts';\nexport const used = getBooking;\n",
        'server/identity/deliberate-violation.ts',
      ),
    ).toEqual([belowOnly]);
  });

  it('refuses bookings importing the proof of service it used to call in its moves', async () => {
    expect(
      await roomArrows(
        "import { requireProofOfService } from '../proof/proof-rules.ts';\nexport const used = requireProofOfService;\n",
        'server/bookings/deliberate-violation.ts',
      ),
    ).toEqual([belowOnly]);
  });

  it('refuses a feature importing another feature', async () => {
    expect(
      await roomArrows(
        "import { dashboardRoutes } from '../dashboard/routes.ts';\nexport const used = dashboardRoutes;\n",
        'server/calendar/deliberate-violation.ts',
      ),
    ).toEqual([belowOnly]);
  });

  it('refuses any room importing the app or the seed', async () => {
    expect(
      await roomArrows(
        "import { buildApp } from '../app.ts';\nexport const used = buildApp;\n",
        'server/memberships/deliberate-violation.ts',
      ),
    ).toEqual([belowOnly]);
    expect(
      await roomArrows(
        "import { seedDatabase } from '../seed/seed.ts';\nexport const used = seedDatabase;\n",
        'server/catalog/deliberate-violation.ts',
      ),
    ).toEqual([belowOnly]);
  });

  it('lets a room import the rooms below it', async () => {
    const imports = [
      "import { requireUser } from '../identity/access.ts';",
      "import { getServiceById } from '../catalog/catalog-service.ts';",
      "import { notifyMany } from '../notifications/notification-service.ts';",
      "import { readPlatformSettings } from '../platform/platform-settings-service.ts';",
      "import { markAuthorized } from '../bookings/booking-transitions.ts';",
      "import type { AppContext } from '../context.ts';",
      'export const used = [requireUser, getServiceById, notifyMany, readPlatformSettings, markAuthorized];',
      'export type Used = AppContext;',
    ].join('\n');
    expect(await roomArrows(imports, 'server/payments/deliberate-ok.ts')).toEqual([]);
  });
});

describe('routes and services', () => {
  const noDatabase = expect.stringContaining('Routes never touch the database');

  it('refuses a route file importing the database layer: the schema, the client or drizzle-orm', async () => {
    expect(
      await roomArrows("import { bookings } from '../db/schema.ts';\nexport const used = bookings;\n", 'server/bookings/routes.ts'),
    ).toEqual([noDatabase]);
    expect(
      await roomArrows(
        "import type { Database } from '../db/client.ts';\nexport type Used = Database;\n",
        'server/garage/address-routes.ts',
      ),
    ).toEqual([noDatabase]);
    expect(await restrictedImports("import { eq } from 'drizzle-orm';\nexport const used = eq;\n", 'server/calendar/routes.ts')).toEqual([
      expect.stringContaining("'drizzle-orm' import is restricted"),
    ]);
  });

  it('refuses a service importing Fastify, and lets routes, plugins and job starters import it', async () => {
    const fastify = "import type { FastifyInstance } from 'fastify';\nexport type Used = FastifyInstance;\n";
    expect(await restrictedImports(fastify, 'server/bookings/create-booking.ts')).toEqual([
      expect.stringContaining('Services never import Fastify'),
    ]);
    expect(
      await restrictedImports(
        "import fastifyPlugin from 'fastify-plugin';\nexport const used = fastifyPlugin;\n",
        'server/memberships/membership-service.ts',
      ),
    ).toEqual([expect.stringContaining('Services never import Fastify')]);
    for (const allowed of [
      'server/bookings/routes.ts',
      'server/garage/vehicle-routes.ts',
      'server/identity/auth-plugin.ts',
      'server/bookings/booking-expiry-job.ts',
      'server/http/validate.ts',
    ]) {
      expect(await restrictedImports(fastify, allowed)).toEqual([]);
    }
  });
});
