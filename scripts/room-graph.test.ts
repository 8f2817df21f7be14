import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations.
import { arrowsAgainstLayering, picture, roomGraph } from './room-graph.mjs';

type Graph = { rooms: Map<string, string[]>; cycles: string[][] };
const root = path.resolve(import.meta.dirname, '..');
const script = path.join(root, 'scripts/room-graph.mjs');

let fixture: string;

async function put(file: string, content: string) {
  await mkdir(path.dirname(path.join(fixture, file)), { recursive: true });
  await writeFile(path.join(fixture, file), content);
}

beforeEach(async () => {
  fixture = await mkdtemp(path.join(tmpdir(), 'glossly-rooms-'));
  // A small server: identity at the bottom, bookings above it, the composition root above both.
  await put('server/context.ts', "import type { Geocoder } from './geo/geocoder.ts';\nexport type AppContext = { geocoder: Geocoder };\n");
  await put('server/geo/geocoder.ts', "import type { AppContext } from '../context.ts';\nexport type Geocoder = { ctx?: AppContext };\n");
  await put('server/identity/access.ts', 'export const requireUser = () => 1;\n');
  await put(
    'server/bookings/create-booking.ts',
    "import { requireUser } from '../identity/access.ts';\nexport const create = requireUser;\n",
  );
  await put('server/bookings/create-booking.test.ts', "import { x } from '../payments/capture.ts';\n");
  await put('server/payments/capture.ts', "export { create } from '../bookings/create-booking';\n");
  await put(
    'server/app.ts',
    "import { create } from './bookings/create-booking.ts';\nexport const app = () => import('./payments/capture.ts').then(() => create);\n",
  );
});

afterEach(async () => {
  await rm(fixture, { recursive: true, force: true });
});

describe('npm run rooms', () => {
  it('groups resolved imports by room, each root file its own node, tests left out', () => {
    const { rooms, cycles } = roomGraph(path.join(fixture, 'server')) as Graph;
    expect(Object.fromEntries(rooms)).toEqual({
      app: ['bookings', 'payments'],
      bookings: ['identity'],
      // The context names the geocoder's type only: not an arrow (it is the contract every room implements).
      context: [],
      geo: ['context'],
      identity: [],
      payments: ['bookings'],
    });
    expect(cycles).toEqual([]);
    const run = spawnSync(process.execPath, [script, path.join(fixture, 'server')], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('no cycle');
  });

  it('names the rooms of a cycle and the files behind its arrows, and exits 1', async () => {
    await put(
      'server/identity/who-booked.ts',
      "import type { create } from '../bookings/create-booking.ts';\nexport type Who = typeof create;\n",
    );
    const { cycles } = roomGraph(path.join(fixture, 'server')) as Graph;
    expect(cycles).toEqual([['bookings', 'identity']]);
    const run = spawnSync(process.execPath, [script, path.join(fixture, 'server')], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('{ bookings, identity }');
    expect(run.stdout).toContain('identity -> bookings: identity/who-booked.ts -> bookings/create-booking.ts');
  });

  it('puts a folder the layering does not name among the features, and refuses an arrow up to it', async () => {
    await put('server/loyalty/stamps.ts', "import { requireUser } from '../identity/access.ts';\nexport const stamps = requireUser;\n");
    await put('server/identity/stamp-count.ts', "import { stamps } from '../loyalty/stamps.ts';\nexport const count = stamps;\n");
    const serverDir = path.join(fixture, 'server');
    expect(picture(serverDir)).toMatch(/^features {2}loyalty$/m);
    expect(arrowsAgainstLayering(serverDir, (roomGraph(serverDir) as Graph).rooms)).toEqual(['identity -> loyalty']);
    expect(spawnSync(process.execPath, [script, serverDir], { encoding: 'utf8' }).status).toBe(1);
  });

  it('finds no cycle between the rooms of the real server', () => {
    const output = execFileSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
    expect(output).toContain('no cycle');
    expect(output).not.toContain('Arrows the layering does not allow');
  });

  it("draws docs/ARCHITECTURE.md's picture of the rooms from the layering and the folders", () => {
    const architecture = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
    expect(architecture).toContain(`\`\`\`\n${picture(path.join(root, 'server'))}\n\`\`\``);
    expect(architecture).toContain('npm run rooms');
  });
});
