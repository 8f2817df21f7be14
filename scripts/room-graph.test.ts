import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations.
import { roomGraph } from './room-graph.mjs';

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
  await put('server/bookings/create-booking.ts', "import { requireUser } from '../identity/access.ts';\nexport const create = requireUser;\n");
  await put('server/bookings/create-booking.test.ts', "import { x } from '../payments/capture.ts';\n");
  await put('server/payments/capture.ts', "export { create } from '../bookings/create-booking';\n");
  await put('server/app.ts', "import { create } from './bookings/create-booking.ts';\nexport const app = () => import('./payments/capture.ts').then(() => create);\n");
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
    await put('server/identity/who-booked.ts', "import type { create } from '../bookings/create-booking.ts';\nexport type Who = typeof create;\n");
    const { cycles } = roomGraph(path.join(fixture, 'server')) as Graph;
    expect(cycles).toEqual([['bookings', 'identity']]);
    const run = spawnSync(process.execPath, [script, path.join(fixture, 'server')], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('{ bookings, identity }');
    expect(run.stdout).toContain('identity -> bookings: identity/who-booked.ts -> bookings/create-booking.ts');
  });

  it('finds no cycle between the rooms of the real server', () => {
    const output = execFileSync(process.execPath, [script], { cwd: root, encoding: 'utf8' });
    expect(output).toContain('no cycle');
  });
});
