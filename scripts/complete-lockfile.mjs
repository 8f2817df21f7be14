// The registry this project installs from lacks some native binaries for other platforms (404): Tailwind's oxide,
// unrs-resolver's bindings (used by eslint-plugin-import-x) and Rollup's (used by vite-plugin-pwa's Workbox build). npm leaves them out of package-lock.json, and
// `npm ci` then refuses the lock as out of sync. This adds their entries, optional and platform-guarded: npm ci
// accepts the lock and skips them on this platform.
// Idempotent; .ci/run calls it before `npm ci`. See docs/decisions/008-lockfile-platform-binaries.md.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
// package with platform binaries -> the name prefix before `<os>-<cpu>[-<abi>]`
const nativeParents = {
  '@tailwindcss/oxide': '@tailwindcss/oxide-',
  'unrs-resolver': '@unrs/resolver-binding-',
  rollup: '@rollup/rollup-',
};
let added = 0;
for (const [parent, prefix] of Object.entries(nativeParents)) {
  const entry = lock.packages[`node_modules/${parent}`];
  for (const [name, version] of Object.entries(entry?.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || !name.startsWith(prefix)) continue;
    const platform = name.slice(prefix.length);
    const [os, cpu] = platform === 'wasm32-wasi' ? [undefined, 'wasm32'] : platform.split('-');
    lock.packages[key] = { version, cpu: [cpu], ...(os ? { os: [os] } : {}), dev: true, license: 'MIT', optional: true };
    added++;
  }
}
if (added > 0) writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform entries added`);
