// Exits non-zero when the PostgreSQL server at the given URL cannot be reached: CI must not pass without it.
import pg from 'pg';

const url = process.argv[2];
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  await client.query('select 1');
  await client.end();
  console.log(`PostgreSQL reachable at ${url}`);
} catch (error) {
  console.error(`PostgreSQL unreachable at ${url}: ${error.message}`);
  process.exit(1);
}
