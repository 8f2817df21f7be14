import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { installSecrets } from './schema.ts';

/** A random secret made by the first instance that asks for it and shared by every later one (never a constant). */
export async function installSecret(db: Database, name: string): Promise<string> {
  await db
    .insert(installSecrets)
    .values({ name, value: `whsec_${randomBytes(32).toString('base64url')}` })
    .onConflictDoNothing();
  const [row] = await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, name));
  return row!.value;
}
