// `npm install` (its prepare script) and `npm start` run this: it builds the client only when its inputs changed
// since the last successful build.
// The inputs are everything `vite build` reads: client/ and core/ (test files aside: no bundle imports them), the
// Vite config, the TypeScript config and the lockfile. Their hash is kept in dist/client.build-stamp.json, written
// next to dist/client after a build succeeds, with the time of the dist/client/index.html that build wrote: a build
// made some other way (`npm run build`, which still builds every time) or a missing index.html means a new build.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const inputDirectories = ['client', 'core'];
export const inputFiles = ['vite.config.ts', 'tsconfig.json', 'package-lock.json'];
export const stampPath = path.join('dist', 'client.build-stamp.json');
const builtIndex = path.join('dist', 'client', 'index.html');

/** Test files never reach the bundle, so editing one does not call for a build. */
const isTestFile = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

export async function listFiles(root, directory) {
  const entries = await readdir(path.join(root, directory), { withFileTypes: true }).catch((error) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const files = [];
  for (const entry of entries) {
    const relative = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') files.push(...(await listFiles(root, relative)));
    } else if (entry.isFile() && !isTestFile(entry.name)) {
      files.push(relative);
    }
  }
  return files;
}

/** One SHA-256 over every input's path and content, in a stable order (the client's inputs unless told others). */
export async function inputsHash(root, directories = inputDirectories, singleFiles = inputFiles) {
  const files = [];
  for (const directory of directories) files.push(...(await listFiles(root, directory)));
  for (const file of singleFiles) if (existsSync(path.join(root, file))) files.push(file);
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(file.split(path.sep).join('/'));
    hash.update('\0');
    hash.update(await readFile(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const builtIndexTime = async (root) => (await stat(path.join(root, builtIndex)).catch(() => null))?.mtimeMs ?? null;

async function readStamp(root) {
  try {
    return JSON.parse(await readFile(path.join(root, stampPath), 'utf8'));
  } catch {
    return null;
  }
}

/** Whether `root` needs a client build, and the inputs' hash to stamp after it. */
export async function buildDecision(root) {
  const hash = await inputsHash(root);
  const indexTime = await builtIndexTime(root);
  if (indexTime === null) return { shouldBuild: true, hash, reason: 'no built client' };
  const stamp = await readStamp(root);
  if (stamp === null) return { shouldBuild: true, hash, reason: 'no build stamp' };
  if (stamp.inputs !== hash) return { shouldBuild: true, hash, reason: 'client sources changed' };
  if (stamp.indexTime !== indexTime) return { shouldBuild: true, hash, reason: 'the client was built another way' };
  return { shouldBuild: false, hash, reason: 'client sources unchanged' };
}

/** Records a successful build of these inputs (call it after the build wrote dist/client). */
export async function writeStamp(root, hash) {
  await mkdir(path.join(root, path.dirname(stampPath)), { recursive: true });
  const stamp = { inputs: hash, indexTime: await builtIndexTime(root) };
  await writeFile(path.join(root, stampPath), `${JSON.stringify(stamp)}\n`);
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const decision = await buildDecision(root);
  if (!decision.shouldBuild) {
    console.log(`Client build is up to date (${decision.reason}); skipping vite build.`);
    return;
  }
  let viteDir;
  try {
    viteDir = path.dirname(createRequire(import.meta.url).resolve('vite/package.json'));
  } catch (error) {
    // `npm install --omit=dev` has no Vite: the install goes on (prepare passes --if-vite), the client is not built.
    if (process.argv.includes('--if-vite')) {
      console.log('Vite is not installed (dev dependencies left out): the client is built at the first npm start.');
      return;
    }
    throw error;
  }
  console.log(`Building the client (${decision.reason})...`);
  const vite = path.join(viteDir, 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  // The hash from before the build: an edit made during the build makes the next start build again.
  await writeStamp(root, decision.hash);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
