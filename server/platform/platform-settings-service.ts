import { desc, eq } from 'drizzle-orm';
import {
  platformSettingNames,
  platformSettingsUpdateSchema,
  type PlatformSettingName,
  type PlatformSettingsResponse,
  type PublicSettings,
} from '@core/schemas/platform-settings.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { platformSettingChanges, platformSettings, users } from '../db/schema.ts';
import { parse } from '../http/validate.ts';
import { requireRole, type Actor } from '../identity/access.ts';

/** The whole settings row, as everything that prices, holds or times a booking reads it (decision 022). */
export type PlatformSettingsRow = Omit<typeof platformSettings.$inferSelect, 'id' | 'updatedByUserId'>;

/** How many changes the settings screen lists (newest first). */
export const settingChangesShown = 50;

/** Makes row 1 with the columns' defaults when it is missing; a no-op otherwise (races end in one row). */
async function ensureSettingsRow(db: Database) {
  await db.insert(platformSettings).values({ id: 1 }).onConflictDoNothing({ target: platformSettings.id });
}

/**
 * The live settings (row 1), or the defaults of the schema when the row is missing. `db` may be a transaction: a
 * booking reads the numbers it is priced with inside its own.
 */
export async function readPlatformSettings(db: Database): Promise<PlatformSettingsRow> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  if (row) return row;
  await ensureSettingsRow(db);
  const [made] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  return made!;
}

/** GET /api/settings/public, no sign-in: what a customer sees priced and timed before booking, and how they pay. */
export async function getPublicSettings(ctx: AppContext): Promise<PublicSettings> {
  const s = await readPlatformSettings(ctx.db);
  return {
    serviceFeeCents: s.serviceFeeCents,
    taxRateBasisPoints: s.taxRateBasisPoints,
    freeCancellationHours: s.freeCancellationHours,
    lateCancellationFeeCents: s.lateCancellationFeeCents,
    holdMinutes: s.holdMinutes,
    requestTimeoutHours: s.requestTimeoutHours,
    referralFriendCreditCents: s.referralFriendCreditCents,
    referralReferrerCreditCents: s.referralReferrerCreditCents,
    supportEmail: s.supportEmail,
    paymentGateway: ctx.gateway.kind,
  };
}

async function latestChanges(db: Database) {
  const rows = await db
    .select({ change: platformSettingChanges, changedBy: users.name })
    .from(platformSettingChanges)
    .leftJoin(users, eq(users.id, platformSettingChanges.changedByUserId))
    .orderBy(desc(platformSettingChanges.createdAt), desc(platformSettingChanges.id))
    .limit(settingChangesShown);
  return rows.map(({ change, changedBy }) => ({
    id: change.id,
    setting: change.setting,
    oldValue: change.oldValue,
    newValue: change.newValue,
    changedBy,
    createdAt: change.createdAt.toISOString(),
  }));
}

async function settingsResponse(db: Database, row: PlatformSettingsRow): Promise<PlatformSettingsResponse> {
  const values = Object.fromEntries(platformSettingNames.map((name) => [name, row[name]])) as Pick<
    PlatformSettingsRow,
    PlatformSettingName
  >;
  return { ...values, updatedAt: row.updatedAt.toISOString(), changes: await latestChanges(db) };
}

/** GET /api/admin/settings, admins only: every setting and the latest 50 changes (decisions 021, 022). */
export async function getPlatformSettings(ctx: AppContext, actor: Actor): Promise<PlatformSettingsResponse> {
  requireRole(actor, 'admin');
  return settingsResponse(ctx.db, await readPlatformSettings(ctx.db));
}

/**
 * PATCH /api/admin/settings, admins only: the fields sent change (the role is checked before the body, so a
 * signed-out or non-admin caller learns nothing about it). In one transaction, row 1 is locked, compared with
 * what was sent, updated and stamped with the time and the admin, and each setting whose value differs writes one
 * platform_setting_changes row (old -> new): two admins saving at once queue on the lock and each logs what they
 * really changed.
 *
 * New numbers apply from then on: a booking keeps the fee, tax rate and cancellation terms it was priced with
 * (create-booking.ts), each detailer_ledger row the commission it was synced with (earnings-sync.ts), and a new
 * payout weekday applies from the next payout run.
 */
export async function updatePlatformSettings(ctx: AppContext, actor: Actor, body: unknown, now: Date): Promise<PlatformSettingsResponse> {
  const admin = requireRole(actor, 'admin');
  const input = parse(platformSettingsUpdateSchema, body);
  return ctx.transaction(async (tx) => {
    await ensureSettingsRow(tx.db);
    const [before] = await tx.db.select().from(platformSettings).where(eq(platformSettings.id, 1)).for('update');
    const changed = platformSettingNames.filter((name) => input[name] !== undefined && input[name] !== before![name]);
    if (changed.length === 0) return settingsResponse(tx.db, before!);
    const set = Object.fromEntries(changed.map((name) => [name, input[name]]));
    const [after] = await tx.db
      .update(platformSettings)
      .set({ ...set, updatedAt: now, updatedByUserId: admin.id })
      .where(eq(platformSettings.id, 1))
      .returning();
    await tx.db.insert(platformSettingChanges).values(
      changed.map((setting) => ({
        setting,
        oldValue: String(before![setting]),
        newValue: String(after![setting]),
        changedByUserId: admin.id,
        createdAt: now,
      })),
    );
    return settingsResponse(tx.db, after!);
  });
}
