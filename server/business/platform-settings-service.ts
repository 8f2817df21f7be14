import { eq } from 'drizzle-orm';
import { defaultCommissionBasisPoints, defaultPayoutWeekday } from '@core/domain/earnings.ts';
import { platformSettingsUpdateSchema, type PlatformSettingsResponse } from '@core/schemas/platform-settings.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { platformSettings } from '../db/schema.ts';
import { parse } from '../http/validate.ts';
import { requireRole, type Actor } from '../identity/access.ts';

/** The whole settings row, as everything that prices, holds or times a booking reads it (decision 022). */
export type PlatformSettingsRow = Omit<typeof platformSettings.$inferSelect, 'id' | 'updatedByUserId'>;

/**
 * The live settings (row 1), or the defaults of the schema when the row is missing. `db` may be a transaction: a
 * booking reads the numbers it is priced with inside its own.
 */
export async function readPlatformSettings(db: Database): Promise<PlatformSettingsRow> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  if (row) return row;
  const [defaults] = await db
    .insert(platformSettings)
    .values({ id: 1 })
    .onConflictDoUpdate({ target: platformSettings.id, set: { id: 1 } })
    .returning();
  return defaults!;
}

type SettingsRow = Pick<typeof platformSettings.$inferSelect, 'commissionBasisPoints' | 'payoutWeekday' | 'updatedAt'>;

const toResponse = (row: SettingsRow | undefined): PlatformSettingsResponse =>
  row
    ? { commissionBasisPoints: row.commissionBasisPoints, payoutWeekday: row.payoutWeekday, updatedAt: row.updatedAt.toISOString() }
    : // The migration inserts row 1; without it the sync and the payout run use these defaults, and so does the screen.
      { commissionBasisPoints: defaultCommissionBasisPoints, payoutWeekday: defaultPayoutWeekday, updatedAt: null };

const columns = {
  commissionBasisPoints: platformSettings.commissionBasisPoints,
  payoutWeekday: platformSettings.payoutWeekday,
  updatedAt: platformSettings.updatedAt,
};

/** GET /api/admin/settings, admins only: the platform's commission and payout weekday (decision 021, issue 19). */
export async function getPlatformSettings(ctx: AppContext, actor: Actor): Promise<PlatformSettingsResponse> {
  requireRole(actor, 'admin');
  const [row] = await ctx.db.select(columns).from(platformSettings).where(eq(platformSettings.id, 1));
  return toResponse(row);
}

/**
 * PATCH /api/admin/settings, admins only: the fields sent change (the role is checked before the body, so a
 * signed-out or non-admin caller learns nothing about it). One statement: row 1 is inserted with the defaults for
 * what was not sent if it is missing, else updated; either way stamped with the time and the admin.
 *
 * A new commission applies to jobs synced from then on: syncEarnings (earnings-sync.ts) reads it at each pass and
 * stores the commission on each detailer_ledger row, so rows already written keep the commission of their day.
 * A new payout weekday applies from the next payout run.
 */
export async function updatePlatformSettings(ctx: AppContext, actor: Actor, body: unknown, now: Date): Promise<PlatformSettingsResponse> {
  const admin = requireRole(actor, 'admin');
  const input = parse(platformSettingsUpdateSchema, body);
  const changes = {
    ...(input.commissionBasisPoints === undefined ? {} : { commissionBasisPoints: input.commissionBasisPoints }),
    ...(input.payoutWeekday === undefined ? {} : { payoutWeekday: input.payoutWeekday }),
    updatedAt: now,
    updatedByUserId: admin.id,
  };
  const [row] = await ctx.db
    .insert(platformSettings)
    .values({ id: 1, ...changes })
    .onConflictDoUpdate({ target: platformSettings.id, set: changes })
    .returning(columns);
  return toResponse(row);
}
