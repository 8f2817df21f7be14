// `npm start` runs this after the client's build: it bundles the server (server/main.ts and what it imports from
// server/ and core/, node_modules left as they are) into dist/server/main.js with esbuild, only when those sources
// changed, so a later start loads one plain JavaScript file instead of transpiling ~56k lines through tsx (decision
// 047). The same rule as scripts/build-if-changed.mjs: a hash of the inputs in dist/server.build-stamp.json, with
// the time of the dist/server/main.js it built; `npm run dev` still runs the sources through tsx.
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inputsHash } from './build-if-changed.mjs';

export const serverInputDirectories = ['server', 'core'];
export const serverInputFiles = ['tsconfig.json', 'package-lock.json', 'scripts/build-server-if-changed.mjs'];
export const serverStampPath = path.join('dist', 'server.build-stamp.json');
export const serverOutDir = path.join('dist', 'server');
const builtMain = path.join(serverOutDir, 'main.js');

const serverHash = (root) => inputsHash(root, serverInputDirectories, serverInputFiles);
const builtMainTime = async (root) => (await stat(path.join(root, builtMain)).catch(() => null))?.mtimeMs ?? null;

async function readStamp(root) {
  try {
    return JSON.parse(await readFile(path.join(root, serverStampPath), 'utf8'));
  } catch {
    return null;
  }
}

/** Whether `root` needs a server bundle, and the inputs' hash to stamp after it. */
export async function serverBuildDecision(root) {
  const hash = await serverHash(root);
  const mainTime = await builtMainTime(root);
  if (mainTime === null) return { shouldBuild: true, hash, reason: 'no built server' };
  const stamp = await readStamp(root);
  if (stamp === null) return { shouldBuild: true, hash, reason: 'no build stamp' };
  if (stamp.inputs !== hash) return { shouldBuild: true, hash, reason: 'server sources changed' };
  if (stamp.mainTime !== mainTime) return { shouldBuild: true, hash, reason: 'the server was built another way' };
  return { shouldBuild: false, hash, reason: 'server sources unchanged' };
}

/** Records a successful bundle of these inputs (call it after the build wrote dist/server). */
export async function writeServerStamp(root, hash) {
  await mkdir(path.join(root, path.dirname(serverStampPath)), { recursive: true });
  await writeFile(path.join(root, serverStampPath), `${JSON.stringify({ inputs: hash, mainTime: await builtMainTime(root) })}\n`);
}

/**
 * Files that find their neighbours through import.meta.url (the migrations, the password list, the service images)
 * keep finding them from the bundle: each file's import.meta.url becomes its own source file's URL, relative to the
 * bundle's folder, so a moved clone still works.
 */
const sourceLocation = (outDir) => ({
  name: 'source-location',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(outDir, args.path).split(path.sep).join('/');
      return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
});

/** Bundles server/main.ts into dist/server (its dynamic imports become chunks beside it). */
export async function buildServer(root) {
  const esbuild = await import('esbuild');
  const outDir = path.join(root, serverOutDir);
  await rm(outDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'server/main.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    outdir: outDir,
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    plugins: [sourceLocation(outDir)],
  });
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const decision = await serverBuildDecision(root);
  if (!decision.shouldBuild) {
    console.log(`Server bundle is up to date (${decision.reason}).`);
    return;
  }
  console.log(`Bundling the server (${decision.reason})...`);
  await buildServer(root);
  await writeServerStamp(root, decision.hash);
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  await main();
}
