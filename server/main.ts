import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDatabase } from './db/seed.ts';
import { buildApp } from './app.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const database = await openDatabase(
  config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: path.resolve(rootDir, config.DATA_DIR) },
);
await seedDatabase(database.db);
const app = await buildApp({ config, database, clientDir: path.join(rootDir, 'dist/client') });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
