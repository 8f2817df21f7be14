import { eq } from 'drizzle-orm';
import { badRequest, conflict } from '@core/errors.ts';
import type { BankAccountInput, PayoutAccount, PayoutAccountResponse } from '@core/schemas/earnings.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { detailers, payoutAccounts } from '../db/schema.ts';
import { requireRole, type Actor } from '../identity/access.ts';
import type { UserRow } from '../identity/user-service.ts';
import { PayoutRefusedError, type GatewayPayoutAccount } from './payout-gateway.ts';

export const noProfileMessage = 'Set up your business profile before adding payout details.';

type AccountRow = typeof payoutAccounts.$inferSelect;

/** The signed-in detailer (or admin) and their business profile, null before onboarding made one. Customers: 403. */
export async function businessOf(db: Database, actor: Actor): Promise<{ user: UserRow; detailerId: number | null }> {
  const user = requireRole(actor, 'detailer', 'admin');
  const [row] = await db.select({ id: detailers.id }).from(detailers).where(eq(detailers.userId, user.id));
  return { user, detailerId: row?.id ?? null };
}

export const toPayoutAccount = (row: AccountRow): PayoutAccount => ({
  gateway: row.gateway,
  status: row.status,
  description: row.description,
  updatedAt: row.updatedAt.toISOString(),
});

export async function payoutAccountOf(db: Database, detailerId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.detailerId, detailerId));
  return row;
}

/**
 * A Stripe account not yet active is read back from Stripe (the detailer may have finished onboarding there);
 * when Stripe cannot be reached the stored status stands.
 */
async function refreshed(ctx: AppContext, row: AccountRow, now: Date): Promise<AccountRow> {
  if (row.gateway !== 'stripe' || row.status === 'active' || ctx.config.PAYMENTS_GATEWAY !== 'stripe') return row;
  let remote: GatewayPayoutAccount;
  try {
    remote = await ctx.payouts.retrieveAccount(row.accountRef);
  } catch (error) {
    ctx.log.warn({ err: error, detailerId: row.detailerId }, 'Stripe account status could not be read');
    return row;
  }
  if (remote.status === row.status && remote.description === row.description) return row;
  const [updated] = await ctx.db
    .update(payoutAccounts)
    .set({ status: remote.status, description: remote.description, updatedAt: now })
    .where(eq(payoutAccounts.detailerId, row.detailerId))
    .returning();
  return updated ?? row;
}

/** GET /api/detailer/payout-account. */
export async function getPayoutAccount(ctx: AppContext, actor: Actor, now: Date): Promise<PayoutAccountResponse> {
  const { detailerId } = await businessOf(ctx.db, actor);
  const row = detailerId === null ? undefined : await payoutAccountOf(ctx.db, detailerId);
  return {
    gateway: ctx.config.PAYMENTS_GATEWAY,
    account: row ? toPayoutAccount(await refreshed(ctx, row, now)) : null,
    onboardingUrl: null,
  };
}

async function store(db: Database, detailerId: number, gateway: AccountRow['gateway'], account: GatewayPayoutAccount, now: Date) {
  const values = { gateway, accountRef: account.ref, status: account.status, description: account.description, updatedAt: now };
  const [row] = await db
    .insert(payoutAccounts)
    .values({ detailerId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: payoutAccounts.detailerId, set: values })
    .returning();
  return row!;
}

/**
 * POST /api/detailer/payout-account. Built-in gateway: `bank` (validated by the route with bankAccountInputSchema)
 * opens a simulated account, active at once, replacing any earlier one; only 'Bank account ending 6789' is kept.
 * Stripe: an Express account (made once per detailer) and a fresh onboarding link to open; the status follows
 * Stripe's answer on later reads.
 */
export async function savePayoutAccount(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  bank: BankAccountInput | null,
): Promise<PayoutAccountResponse> {
  const { user, detailerId } = await businessOf(ctx.db, actor);
  if (detailerId === null) throw conflict(noProfileMessage);
  const gateway = ctx.payouts;
  try {
    if (gateway.kind === 'test') {
      if (!bank) throw badRequest('Bank details are required');
      const row = await store(ctx.db, detailerId, 'test', await gateway.createAccount({ detailerId, email: user.email, bank }), now);
      return { gateway: gateway.kind, account: toPayoutAccount(row), onboardingUrl: null };
    }
    const existing = await payoutAccountOf(ctx.db, detailerId);
    const row =
      existing?.gateway === 'stripe'
        ? existing
        : await store(ctx.db, detailerId, 'stripe', await gateway.createAccount({ detailerId, email: user.email }), now);
    const back = `${ctx.config.PUBLIC_URL}/business`;
    const onboardingUrl = await gateway.onboardingLink!(row.accountRef, `${back}?stripe=return`, `${back}?stripe=refresh`);
    return { gateway: gateway.kind, account: toPayoutAccount(row), onboardingUrl };
  } catch (error) {
    if (error instanceof PayoutRefusedError) throw conflict(`The payout provider refused: ${error.message}`);
    throw error;
  }
}
