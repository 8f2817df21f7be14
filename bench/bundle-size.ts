import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The manifest entries `/` loads before interaction: the entry (with its static imports) and the lazy home page. */
export const loadedByHome = ['index.html', 'src/features/home/pages/home-page.tsx'];

/** The JS budget of `/` (issue 40): the gzipped bytes above may not grow past this. CI checks it. */
export const homeJsBudgetBytes = Math.round(114.6 * 1024);

const gzippedSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The JS files that loading these manifest entries pulls in (static imports followed). */
function jsFilesLoaded(manifest: Manifest, entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entries.forEach(visit);
  return [...seen].filter((f) => f.endsWith('.js'));
}

const readManifest = (outDir: string): Manifest => JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));

/** Gzipped bytes (level 9) of the JS that `/` loads before interaction, from a build in `outDir`. */
export function homeJsBytes(outDir: string): number {
  return jsFilesLoaded(readManifest(outDir), loadedByHome).reduce((sum, f) => sum + gzippedSize(path.join(outDir, f)), 0);
}

/** node_modules package name of a module id, or 'app' for ours. */
export function packageOf(moduleId: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(moduleId.split(path.sep).join('/'));
  return match?.[1] ?? 'app';
}

/**
 * The same bytes split by package: each chunk's gzipped size shared among its modules in proportion to the code
 * each left in it (gzip of a whole chunk is not the sum of its parts, so the split is an estimate; the total is not).
 */
export function homeJsByPackage(outDir: string, chunks: Rollup.OutputChunk[]): Map<string, number> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const split = new Map<string, number>();
  for (const file of jsFilesLoaded(readManifest(outDir), loadedByHome)) {
    const chunk = byFile.get(file);
    const gzipped = gzippedSize(path.join(outDir, file));
    const modules = chunk ? Object.entries(chunk.modules) : [];
    const rendered = modules.reduce((sum, [, m]) => sum + m.renderedLength, 0);
    if (rendered === 0) {
      split.set('app', (split.get('app') ?? 0) + gzipped);
      continue;
    }
    for (const [id, m] of modules) {
      const name = packageOf(id);
      split.set(name, (split.get(name) ?? 0) + (gzipped * m.renderedLength) / rendered);
    }
  }
  return new Map([...split].sort((a, b) => b[1] - a[1]));
}

/** Builds the client with its own Vite config into `outDir`; the chunks (with their modules) are returned. */
export async function buildClient(rootDir: string, outDir: string): Promise<Rollup.OutputChunk[]> {
  // The production build whatever runs it: under vitest NODE_ENV is 'test', and React's JSX would be the dev one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: path.join(rootDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs.flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
}

/**
 * The JS `/` loads before interaction: the entry, its imports, and the lazily loaded home page. The app is built
 * with its own Vite config into `appOut` (the bench's own folder, so a build or test that reads dist/client at the
 * same time is not disturbed); the Lighthouse runs serve that build.
 */
export async function measureBundle(rootDir: string, appOut: string) {
  const chunks = await buildClient(rootDir, appOut);
  const appBytes = homeJsBytes(appOut);
  const byPackage = homeJsByPackage(appOut, chunks);

  // Baseline: React + react-dom rendering "hello", through the same Vite + React plugin pipeline.
  const dir = mkdtempSync(path.join(tmpdir(), 'glossly-hello-'));
  const helloDir = path.join(dir, 'dist');
  await buildReactHello(rootDir, helloDir);
  const helloBytes = jsFilesLoaded(readManifest(helloDir), ['index.html']).reduce((sum, f) => sum + gzippedSize(path.join(helloDir, f)), 0);
  rmSync(dir, { recursive: true, force: true });
  return { appBytes, helloBytes, ratio: appBytes / helloBytes, byPackage };
}

/**
 * React and react-dom rendering "hello" into an element of its own, built through the same Vite and React plugin
 * pipeline as the app into `outDir` (served under `base`): the least any React app loads and runs. Answers the
 * entry's file, relative to `outDir`.
 */
export async function buildReactHello(rootDir: string, outDir: string, base = '/'): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'glossly-hello-src-'));
  try {
    mkdirSync(path.join(dir, 'src'));
    writeFileSync(path.join(dir, 'index.html'), '<script type="module" src="/src/main.tsx"></script>');
    writeFileSync(
      path.join(dir, 'src/main.tsx'),
      "import { createRoot } from 'react-dom/client';\nconst root = document.body.appendChild(document.createElement('div'));\nroot.hidden = true;\ncreateRoot(root).render(<p>hello</p>);\n",
    );
    await build({
      root: dir,
      base,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias: { react: path.join(rootDir, 'node_modules/react'), 'react-dom': path.join(rootDir, 'node_modules/react-dom') } },
      build: { outDir, manifest: true, emptyOutDir: true },
    });
    return readManifest(outDir)['index.html']!.file;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
