import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { roomOrder, roomPath } from './scripts/server-rooms.mjs';

const root = import.meta.dirname;
const featuresDir = 'client/src/features';
// Every feature folder, so a new feature is fenced in without touching this file.
const features = readdirSync(path.join(root, featuresDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The server's rooms, bottom first (decision 045): each imports only rooms before it. A folder the layering does not
// name is a feature (scripts/server-rooms.mjs), so a new room is fenced in without touching this file.
const rooms = roomOrder(path.join(root, 'server'));
const roomZones = rooms.order
  // The context names each collaborator by the type its room declares (types only; npm run rooms checks the rest).
  .filter(({ room }) => room !== 'context.ts')
  .map(({ room, layer }) => ({
    target: roomPath(room),
    from: rooms.order.filter((other) => !rooms.mayImport(room, other.room)).map((other) => roomPath(other.room)),
    message: `Server rooms import only the rooms below them (decision 045): ${room} (${layer}) may not import this room. Declare an effect the composition root plugs in, as bookings' moves and money do.`,
  }))
  .filter((zone) => zone.from.length > 0);
// The files that may speak HTTP: routes, the http/ toolkit, request plugins, job starters (the app's lifecycle), the roots.
const routeFiles = ['server/**/routes.ts', 'server/**/*-routes.ts'];
const httpFiles = [...routeFiles, 'server/http/**', 'server/**/*-plugin.ts', 'server/**/*-job.ts', 'server/**/*-jobs.ts', 'server/jobs/**'];
const serverTests = ['server/**/*.test.ts'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // core is pure: no I/O, no React, no server code.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'react', 'fastify', 'drizzle-orm*', '../server/*', '../client/*'] }],
    },
  },
  {
    // Collaborators are built once, in the composition root (server/app.ts, decision 013); everyone else reads them
    // from the context. The seed builds its own context before the app exists; tests build fakes freely.
    files: ['server/**/*.ts'],
    ignores: ['server/app.ts', 'server/seed/**', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ImportSpecifier[imported.name=/^(createGeocoder|createRouter|createObjectStorage|createPayoutGateway|createMembershipBilling|createForecastProvider|createOidcSignIn|createMailer|createPaymentGateway)$/]',
          message: 'Collaborators are built once in buildApp (server/app.ts): read it from the context (ctx.geocoder, ctx.storage...).',
        },
      ],
    },
  },
  {
    // The browser never imports the server.
    files: ['client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },

  // Import direction, checked on resolved paths (so `@/…`, `@core/…` and relative imports are judged alike).
  {
    files: ['client/**/*.{ts,tsx}', 'server/**/*.ts', 'core/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          conditionNames: ['import', 'default'],
          tsconfig: { configFile: path.join(root, 'tsconfig.json') },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // client: app -> features -> shared (components, lib) -> core
            ...features.map((feature) => ({
              target: `${featuresDir}/${feature}`,
              from: featuresDir,
              except: [`./${feature}`],
              message: `A feature does not import another feature's internals: move what both use to client/src/components, client/src/lib or core.`,
            })),
            {
              target: ['client/src/components', 'client/src/lib'],
              from: [featuresDir, 'client/src/app'],
              message: 'The shared layer (components, lib) sits below features and app.',
            },
            { target: featuresDir, from: 'client/src/app', message: 'Features sit below app: the app composes them.' },
            // Inside the shared layer: lib (non-visual) <- components/ui (primitives) <- components/<area> (widgets).
            {
              target: 'client/src/components/ui',
              from: 'client/src/components',
              except: ['./ui'],
              message: 'Design-system primitives import only components/ui and lib.',
            },
            { target: 'client/src/lib', from: 'client/src/components', message: 'lib is below the components.' },
            { target: 'client', from: 'server', message: 'The browser never imports the server.' },
            // core is pure and shared: it imports neither side.
            { target: 'core', from: ['server', 'client'], message: 'core imports only zod.' },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The server's rooms and their arrows (decision 045); the seed and app.ts are at the top, so no room imports them.
    files: ['server/**/*.ts'],
    ignores: serverTests,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...roomZones,
            {
              target: routeFiles,
              from: ['server/db/client.ts', 'server/db/schema.ts', 'server/db/schema'],
              message: 'Routes never touch the database: call a service function with app.ctx (decision 045).',
            },
          ],
        },
      ],
    },
  },
  {
    files: routeFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['drizzle-orm'],
          patterns: [
            { group: ['drizzle-orm/*'], message: 'Routes never touch the database: call a service function with app.ctx (decision 045).' },
          ],
        },
      ],
    },
  },
  {
    // Services never import Fastify: they take the context and the actor, so jobs, the seed and tests call them alike.
    files: ['server/**/*.ts'],
    ignores: [...httpFiles, 'server/app.ts', 'server/main.ts', 'server/shutdown.ts', ...serverTests],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'fastify',
              message: 'Services never import Fastify (decision 045): only routes, http/, plugins, job starters, app.ts and main.ts do.',
            },
            {
              name: 'fastify-plugin',
              message: 'Services never import Fastify (decision 045): only routes, http/, plugins, job starters, app.ts and main.ts do.',
            },
          ],
          patterns: [
            {
              group: ['@fastify/*'],
              message: 'Services never import Fastify (decision 045): only routes, http/, plugins, job starters, app.ts and main.ts do.',
            },
          ],
        },
      ],
    },
  },
);
