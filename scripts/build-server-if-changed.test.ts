import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations.
import { buildServer, serverBuildDecision, writeServerStamp } from './build-server-if-changed.mjs';

type Decision = { shouldBuild: boolean; hash: string; reason: string };
const decide = (root: string) => serverBuildDecision(root) as Promise<Decision>;

let root: string;

async function put(file: string, content: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

/** What the bundle step leaves behind, then the stamp the script writes after it. */
async function build() {
  await put('dist/server/main.js', 'console.log("bundled");');
  await writeServerStamp(root, (await decide(root)).hash);
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'glossly-server-build-'));
  await put('server/main.ts', 'import { fee } from "@core/domain/pricing.ts"; console.log(fee);');
  await put('server/app.test.ts', 'test file');
  await put('server/db/migrations/0001_first.sql', 'create table t (id int);');
  await put('core/domain/pricing.ts', 'export const fee = 1500;');
  await put('tsconfig.json', '{"compilerOptions": {"baseUrl": ".", "paths": {"@core/*": ["core/*"]}}}');
  await put('package-lock.json', '{"lockfileVersion": 3}');
  await put('client/src/main.tsx', 'client code');
  await put('package.json', '{"type": "module"}');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('build-server-if-changed', () => {
  it('bundles a fresh clone (no dist/server), then skips while nothing changed', async () => {
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'no built server' });
    await build();
    expect(await decide(root)).toMatchObject({ shouldBuild: false, reason: 'server sources unchanged' });
  });

  it.each([
    ['server/main.ts', 'console.log("changed");'],
    ['server/new-route.ts', 'export {};'],
    ['server/db/migrations/0002_next.sql', 'alter table t add column x int;'],
    ['core/domain/pricing.ts', 'export const fee = 1600;'],
    ['tsconfig.json', '{}'],
    ['package-lock.json', '{"lockfileVersion": 3, "packages": {}}'],
  ])('bundles again after %s changes', async (file, content) => {
    await build();
    await put(file, content);
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'server sources changed' });
    await build();
    expect(await decide(root)).toMatchObject({ shouldBuild: false });
  });

  it('ignores what the server never runs: test files and the client', async () => {
    await build();
    await put('server/app.test.ts', 'another test');
    await put('client/src/main.tsx', 'other client code');
    expect(await decide(root)).toMatchObject({ shouldBuild: false });
  });

  it('bundles when the bundle is missing, was rewritten another way, or the stamp is unreadable', async () => {
    await build();
    await rm(path.join(root, 'dist/server'), { recursive: true });
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'no built server' });
    await build();
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'dist/server/main.js'), later, later);
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'the server was built another way' });
    await build();
    await put('dist/server.build-stamp.json', 'not json');
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'no build stamp' });
  });

  it('bundles the sources with the @core alias, and import.meta.url still finds files beside the source', async () => {
    await put('server/main.ts', 'import { fee } from "@core/domain/pricing.ts";\nexport const where = import.meta.url;\nexport { fee };');
    await buildServer(root);
    const bundle = await readFile(path.join(root, 'dist/server/main.js'), 'utf8');
    expect(bundle).not.toContain('@core/');
    const built = (await import(pathToFileURL(path.join(root, 'dist/server/main.js')).href)) as { fee: number; where: string };
    expect(built.fee).toBe(1500);
    expect(built.where).toBe(pathToFileURL(path.join(root, 'server/main.ts')).href);
  });
});
