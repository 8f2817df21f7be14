import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const root = import.meta.dirname;
const featuresDir = 'client/src/features';
// Every feature folder, so a new feature is fenced in without touching this file.
const features = readdirSync(path.join(root, featuresDir), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The server rooms by domain; the seed sits above them.
const serverRooms = ['identity', 'catalog', 'bookings', 'payments', 'notifications'];

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
            // server: the seed sits above the domain rooms.
            {
              target: serverRooms.map((room) => `server/${room}`),
              from: 'server/seed',
              message: 'A server room does not import the seed: the seed sits above the rooms.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
