import path from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { seedDatabase } from '../../server/seed/seed.ts';
import { createCatalogCache } from '../../server/catalog/catalog-cache.ts';

// The built app on a fresh in-memory PGlite: every end-to-end run starts from the seed.
const config = loadConfig();
const database = await openDatabase({ dataDir: undefined });
await seedDatabase({ db: database.db, catalogCache: createCatalogCache() });
const app = await buildApp({ config, database, clientDir: path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client') });
await app.listen({ port: config.PORT, host: '127.0.0.1' });
