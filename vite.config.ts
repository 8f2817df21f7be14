import path from 'node:path';
import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { isDrawnForVisitors, routeTable } from './client/src/app/route-table.ts';

export const alias = {
  '@': path.resolve(import.meta.dirname, 'client/src'),
  '@core': path.resolve(import.meta.dirname, 'core'),
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth sending compressed; smaller ones gain less than a round of header overhead. */
export const precompressedFile = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
export const precompressMinBytes = 1024;

/** A build plugin that runs `handler` on the finished output folder, once, after every other plugin has written. */
function afterBuild(name: string, handler: (outDir: string) => Promise<void>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: { order: 'post', sequential: true, handler: () => handler(outDir) },
  };
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file of the build
 * over 1 KB, once, after everything else (the service worker included) is written. The server sends them with
 * @fastify/static's `preCompressed` (server/http/static-client.ts): nothing static is compressed per request.
 */
function precompress(): Plugin {
  return afterBuild('glossly:precompress', async (outDir) => {
    const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && precompressedFile.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !path.relative(outDir, file).startsWith('.'));
    await Promise.all(
      files.map(async (file) => {
        const raw = await readFile(file);
        if (raw.length < precompressMinBytes) return;
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          }),
          gzipAsync(raw, { level: zlibConstants.Z_BEST_COMPRESSION }),
        ]);
        // Only when it saves something worth a decode.
        if (br.length < raw.length * 0.9) await writeFile(`${file}.br`, br);
        if (gz.length < raw.length * 0.9) await writeFile(`${file}.gz`, gz);
      }),
    );
  });
}

/** The font file every page paints with: Inter's basic Latin subset (the others load only for their characters). */
export const preloadedFont = /^assets\/inter-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Preloads the page font from index.html. Otherwise the browser finds it only after the stylesheet has arrived and
 * a text node needs it, one more round trip on a phone's network before the text settles in its face.
 */
function preloadFont(): Plugin {
  return {
    name: 'glossly:preload-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) => preloadedFont.test(file));
        if (!font) throw new Error('glossly:preload-font: the Inter Latin font is not in the build');
        return [
          { tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' },
        ];
      },
    },
  };
}

type ManifestChunk = { file: string; css?: string[] };

/** The page the server sends names each route's files in `route-preloads.json`, written here from the route table. */
const routePreloadsFile = 'route-preloads.json';

/**
 * For each route of the client's table (client/src/app/route-table.ts), its page's own script and styles, read from
 * Vite's manifest. The server (server/http/static-client.ts) names them in the page it sends for that route, so a
 * phone asks for the page's code with the entry's instead of one round trip after the entry has run. The page's
 * shared dependencies (forms, dialogs) are left to Vite's loader: named too, they took a slow connection's bandwidth
 * from the entry and put the first paint back by up to 0.6 s (decision 023).
 */
function routePreloads(): Plugin {
  return afterBuild('glossly:route-preloads', async (outDir) => {
    const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    const routes = routeTable.map(({ path: routePath, page }) => {
      const chunk = manifest[`src/${page}`];
      if (!chunk) throw new Error(`glossly:route-preloads: client/src/${page} is not in the build`);
      return { path: routePath, files: [chunk.file, ...(chunk.css ?? [])].map((file) => `/${file}`) };
    });
    await writeFile(path.join(outDir, routePreloadsFile), JSON.stringify(routes));
  });
}

/** A visitor's first screen of each route that has one, drawn by the build: `{ [route path]: markup }`. */
const visitorPagesFile = 'visitor-pages.json';

/**
 * Where the build puts the module that draws first screens outside the browser (client/src/app/prerender.tsx), in
 * the output folder beside what it draws, so the server always loads the one of the build it serves. Its name starts
 * with a dot: @fastify/static serves no such path, and the precompression and the service worker leave it out.
 */
export const drawingModule = '.server/prerender.js';

/**
 * Builds the drawing module (client/src/app/prerender.tsx) for Node, whole: it runs from the output folder, which
 * may be anywhere (the end-to-end tests build to a temporary one), so it cannot import packages from node_modules.
 * Then draws with it the first screen of every route a visitor opens without an id in its path
 * (`isDrawnForVisitors`). The server sends it inside the page to visitors, who see the page as soon as the HTML and
 * styles are in instead of after the scripts have run on a slow phone (decision 024); it draws the other pages per
 * request with the same module (decision 025). A route whose first render fails fails the build.
 */
function prerenderVisitorPages(): Plugin {
  return afterBuild('glossly:prerender-visitor-pages', async (outDir) => {
    await build({
      configFile: false,
      root: path.resolve(import.meta.dirname, 'client'),
      resolve: { alias },
      plugins: [react()],
      logLevel: 'warn',
      ssr: { noExternal: true },
      // React's production build, whatever NODE_ENV the server runs under: the dev build draws several times slower.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        ssr: 'src/app/prerender.tsx',
        outDir: path.join(outDir, path.dirname(drawingModule)),
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
      },
    });
    const { prerenderVisitorPage } = (await import(
      pathToFileURL(path.join(outDir, drawingModule)).href
    )) as typeof import('./client/src/app/prerender.tsx');
    const pages: Record<string, string> = {};
    for (const route of routeTable.filter(isDrawnForVisitors)) pages[route.path] = await prerenderVisitorPage(route.path);
    await writeFile(path.join(outDir, visitorPagesFile), JSON.stringify(pages));
  });
}

/**
 * Whether a module may be copied into each lazy page that uses it instead of sitting in a shared chunk of its own.
 * Only code without state shared between pages: our own modules, bar those holding a store or a React context
 * (a copy per page would split it), and Lucide's icons. Other packages (Radix keeps its layer and focus stacks in
 * module variables, React Query its context) stay single.
 */
export function mayBeCopiedIntoPages(moduleId: string): boolean {
  if (/[\\/]node_modules[\\/](?!lucide-react[\\/])/.test(moduleId)) return false;
  if (!path.isAbsolute(moduleId) || !/\.[cm]?[jt]sx?$/.test(moduleId)) return false; // Vite's virtual helpers, styles
  return !/\b(?:useSyncExternalStore|createContext)\(/.test(readFileSync(moduleId, 'utf8'));
}

/**
 * Without this, the lazily loaded pages share about 230 chunks, many of one icon or one small component: the booking
 * page asked for 69 files, 20 to 40 of them under 2 KB. On a phone each costs a round trip (six at a time on
 * HTTP/1.1), and they come in waves as each file names the next. Common chunks under 60 KB of source are copied into
 * the pages that use them instead (the booking page now loads 7 files). Measured in decision 023.
 */
const copySmallCommonChunks = {
  preserveEntrySignatures: false as const,
  output: {
    codeSplitting: {
      experimentalInlineCommonChunks: { maxSize: 60_000, exclude: (id: string) => !mayBeCopiedIntoPages(id) },
    },
  },
};

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    tailwindcss(),
    // The service worker (client/public/sw.js: push notifications and the precached app shell, decision 016) is
    // bundled with Workbox and handed the list of this build's files. main.tsx registers it; the manifest is the
    // hand-written client/public/manifest.webmanifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'public',
      filename: 'sw.js',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The shell: the page, every script and style (the routes load lazily), the font and the favicon.
        globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'favicon.svg'],
        // The font's basic Latin subset is the one the pages use; the others (unicode-range) stay on the network.
        globIgnores: ['assets/inter-{cyrillic,cyrillic-ext,greek,greek-ext,latin-ext,vietnamese}-*.woff2'],
      },
    }),
    preloadFont(),
    routePreloads(),
    prerenderVisitorPages(),
    precompress(),
  ],
  resolve: { alias },
  // The manifest lets `npm run bench` count exactly the JavaScript that `/` loads.
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: copySmallCommonChunks,
    // Every browser since Safari 17 and Firefox 115 preloads modules itself; an older one only loads the same chunks a
    // little later. The polyfill was 1.3 KB of what / runs before it is interactive (issue 40's byte budget).
    modulePreload: { polyfill: false },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
