// The registry this project installs from lacks Tailwind's oxide binaries for other platforms (404), so npm
// leaves them out of package-lock.json, and `npm ci` then refuses the lock as out of sync. This adds their
// entries, optional and platform-guarded: npm ci accepts the lock and skips them on this platform.
// Idempotent; .ci/run calls it before `npm ci`. See docs/decisions/008-lockfile-platform-binaries.md.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const oxide = lock.packages['node_modules/@tailwindcss/oxide'];
let added = 0;
for (const [name, version] of Object.entries(oxide?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const platform = name.replace('@tailwindcss/oxide-', '');
  const [os, cpu] = platform === 'wasm32-wasi' ? [undefined, 'wasm32'] : platform.split('-');
  lock.packages[key] = { version, cpu: [cpu], ...(os ? { os: [os] } : {}), dev: true, license: 'MIT', optional: true };
  added++;
}
if (added > 0) writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} platform entries added`);
