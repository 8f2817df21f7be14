import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

const gzippedSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Gzipped bytes of the JS that loading these manifest entries pulls in (static imports followed). */
function gzippedJs(outDir: string, manifest: Manifest, entries: string[]): number {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  entries.forEach(visit);
  return [...seen].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzippedSize(path.join(outDir, f)), 0);
}

/**
 * The JS `/` loads before interaction: the entry, its imports, and the lazily loaded home page. The app is built
 * with its own Vite config into `appOut` (the bench's own folder, so a build or test that reads dist/client at the
 * same time is not disturbed); the Lighthouse runs serve that build.
 */
export async function measureBundle(rootDir: string, appOut: string) {
  await build({ configFile: path.join(rootDir, 'vite.config.ts'), logLevel: 'warn', build: { outDir: appOut, emptyOutDir: true } });
  const appManifest: Manifest = JSON.parse(readFileSync(path.join(appOut, '.vite/manifest.json'), 'utf8'));
  const appBytes = gzippedJs(appOut, appManifest, ['index.html', 'src/features/home/pages/home-page.tsx']);

  // Baseline: React + react-dom rendering "hello", through the same Vite + React plugin pipeline.
  const dir = mkdtempSync(path.join(tmpdir(), 'glossly-hello-'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'index.html'), '<div id="root"></div><script type="module" src="/src/main.tsx"></script>');
  writeFileSync(
    path.join(dir, 'src/main.tsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<p>hello</p>);\n",
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    resolve: { alias: { react: path.join(rootDir, 'node_modules/react'), 'react-dom': path.join(rootDir, 'node_modules/react-dom') } },
    build: { outDir: path.join(dir, 'dist'), manifest: true },
  });
  const helloManifest: Manifest = JSON.parse(readFileSync(path.join(dir, 'dist/.vite/manifest.json'), 'utf8'));
  const helloBytes = gzippedJs(path.join(dir, 'dist'), helloManifest, ['index.html']);
  rmSync(dir, { recursive: true, force: true });
  return { appBytes, helloBytes, ratio: appBytes / helloBytes };
}
