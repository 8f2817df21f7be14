import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without type declarations.
import { buildDecision, inputsHash, writeStamp } from './build-if-changed.mjs';

type Decision = { shouldBuild: boolean; hash: string; reason: string };
const decide = (root: string) => buildDecision(root) as Promise<Decision>;

let root: string;

async function put(file: string, content: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), content);
}

/** What `vite build` leaves behind, then the stamp the script writes after it. */
async function build() {
  await put('dist/client/index.html', '<!doctype html><script src="/assets/index-abc.js"></script>');
  await writeStamp(root, await inputsHash(root));
}

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'glossly-build-'));
  await put('client/index.html', '<div id="root"></div>');
  await put('client/src/main.tsx', 'console.log("hello");');
  await put('client/src/app/app.test.tsx', 'test file');
  await put('core/domain/pricing.ts', 'export const fee = 1500;');
  await put('vite.config.ts', 'export default {};');
  await put('package-lock.json', '{"lockfileVersion": 3}');
  await put('server/main.ts', 'server code');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('build-if-changed', () => {
  it('builds a fresh clone (no dist), then skips while nothing changed', async () => {
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'no built client' });
    await build();
    expect(await decide(root)).toMatchObject({ shouldBuild: false });
  });

  it.each([
    ['client/src/main.tsx', 'console.log("changed");'],
    ['client/src/features/new-page.tsx', 'export {};'],
    ['client/index.html', '<div id="app"></div>'],
    ['core/domain/pricing.ts', 'export const fee = 1600;'],
    ['vite.config.ts', 'export default { base: "/x/" };'],
    ['package-lock.json', '{"lockfileVersion": 3, "packages": {}}'],
  ])('builds again after %s changes', async (file, content) => {
    await build();
    await put(file, content);
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'client sources changed' });
    await build();
    expect(await decide(root)).toMatchObject({ shouldBuild: false });
  });

  it('builds again after an input file is removed', async () => {
    await build();
    await rm(path.join(root, 'core/domain/pricing.ts'));
    expect((await decide(root)).shouldBuild).toBe(true);
  });

  it('ignores what the bundle never reads: test files and the server', async () => {
    await build();
    await put('client/src/app/app.test.tsx', 'another test');
    await put('server/main.ts', 'other server code');
    expect(await decide(root)).toMatchObject({ shouldBuild: false });
  });

  it('builds when the built client is missing or was rebuilt another way, whatever the stamp says', async () => {
    await build();
    await rm(path.join(root, 'dist/client'), { recursive: true });
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'no built client' });

    await build();
    // `npm run build` of other sources rewrote dist/client/index.html without a stamp.
    const later = new Date(Date.now() + 60_000);
    await utimes(path.join(root, 'dist/client/index.html'), later, later);
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'the client was built another way' });
  });

  it('builds when the stamp is missing or unreadable', async () => {
    await build();
    await rm(path.join(root, 'dist/client.build-stamp.json'));
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'no build stamp' });
    await put('dist/client.build-stamp.json', 'not json');
    expect(await decide(root)).toMatchObject({ shouldBuild: true, reason: 'no build stamp' });
  });
});
