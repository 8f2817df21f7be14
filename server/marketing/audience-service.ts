import { asc, count, desc, eq } from 'drizzle-orm';
import { maskEmail } from '@core/domain/audience-rules.ts';
import { conflict, notFound } from '@core/errors.ts';
import {
  audienceRulesSchema,
  marketingLimits,
  type Audience,
  type AudienceInput,
  type AudiencePreview,
  type AudienceRules,
} from '@core/schemas/marketing.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { audiences, users } from '../db/schema.ts';
import type { Geocoder } from '../geo/geocoder.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import { audienceCondition, memberCity } from './audience-query.ts';

type AudienceRow = typeof audiences.$inferSelect;

export const audienceNameTakenMessage = (name: string) => `An audience named ${name} already exists. Choose another name.`;

/** The stored rules, read back through the contract (a row written by an older version is read as it parses). */
export const storedRules = (row: Pick<AudienceRow, 'rules'>): AudienceRules => audienceRulesSchema.parse(row.rules);

/** How many people the rules match right now, and the first few of them (newest sign-ups first). */
export async function evaluateAudience(db: Database, geocoder: Geocoder, rules: AudienceRules): Promise<AudiencePreview> {
  const where = await audienceCondition(geocoder, rules);
  const [total] = await db.select({ count: count() }).from(users).where(where);
  const sample = await db
    .select({ name: users.name, email: users.email, city: memberCity })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(marketingLimits.sampleSize);
  return { count: Number(total?.count ?? 0), sample: sample.map((member) => ({ ...member, email: maskEmail(member.email) })) };
}

export async function previewAudience(db: Database, geocoder: Geocoder, actor: Actor, rules: AudienceRules): Promise<AudiencePreview> {
  requireRole(actor, 'admin');
  return evaluateAudience(db, geocoder, rules);
}

async function toApi(db: Database, geocoder: Geocoder, row: AudienceRow): Promise<Audience> {
  const rules = storedRules(row);
  const where = await audienceCondition(geocoder, rules);
  const [total] = await db.select({ count: count() }).from(users).where(where);
  return {
    id: row.id,
    name: row.name,
    rules,
    count: Number(total?.count ?? 0),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every saved audience, by name, each with its live count. */
export async function listAudiences(db: Database, geocoder: Geocoder, actor: Actor): Promise<Audience[]> {
  requireRole(actor, 'admin');
  const rows = await db.select().from(audiences).orderBy(asc(audiences.name));
  return Promise.all(rows.map((row) => toApi(db, geocoder, row)));
}

export async function findAudienceRow(db: Database, id: number): Promise<AudienceRow> {
  const [row] = await db.select().from(audiences).where(eq(audiences.id, id));
  if (!row) throw notFound('Audience not found');
  return row;
}

export async function getAudience(db: Database, geocoder: Geocoder, actor: Actor, id: number): Promise<Audience> {
  requireRole(actor, 'admin');
  return toApi(db, geocoder, await findAudienceRow(db, id));
}

async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'audiences_name_unique')) throw conflict(audienceNameTakenMessage(name));
    throw error;
  }
}

/** Saves an audience; its rules are checked against the geocoder first (an unknown ZIP is refused, nothing saved). */
export async function createAudience(db: Database, geocoder: Geocoder, actor: Actor, now: Date, input: AudienceInput): Promise<Audience> {
  const admin = requireRole(actor, 'admin');
  await audienceCondition(geocoder, input.rules);
  const [row] = await uniqueName(input.name, () =>
    db
      .insert(audiences)
      .values({ name: input.name, rules: input.rules, createdByUserId: admin.id, createdAt: now, updatedAt: now })
      .returning(),
  );
  return toApi(db, geocoder, row!);
}

export async function updateAudience(
  db: Database,
  geocoder: Geocoder,
  actor: Actor,
  now: Date,
  id: number,
  input: AudienceInput,
): Promise<Audience> {
  requireRole(actor, 'admin');
  await findAudienceRow(db, id);
  await audienceCondition(geocoder, input.rules);
  const [row] = await uniqueName(input.name, () =>
    db.update(audiences).set({ name: input.name, rules: input.rules, updatedAt: now }).where(eq(audiences.id, id)).returning(),
  );
  return toApi(db, geocoder, row!);
}
