import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '@core/errors.ts';
import type { SavedCard, TestCardInput } from '@core/schemas/payments.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { savedCards, users } from '../db/schema.ts';
import { GatewayError } from './gateways/gateway.ts';
import { requireUser, type Actor } from '../identity/access.ts';

/**
 * /payment-methods: cards saved through the gateway. We keep its reference, brand, last four and expiry only.
 * One of them may be the customer's default (decision 051): the card one tap pays with at checkout, for a membership
 * and for a tip. The partial unique index `saved_cards_one_default_per_user` holds "at most one".
 */

export const maxSavedCards = 10;

type SavedCardRow = typeof savedCards.$inferSelect;

function toSavedCard(row: SavedCardRow): SavedCard {
  return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, isDefault: row.isDefault };
}

/** GET /api/payment-methods: the caller's own cards, the default first, then oldest first. */
export async function listSavedCards(db: Database, actor: Actor): Promise<SavedCard[]> {
  const user = requireUser(actor);
  const rows = await db
    .select()
    .from(savedCards)
    .where(eq(savedCards.userId, user.id))
    .orderBy(desc(savedCards.isDefault), asc(savedCards.id));
  return rows.map(toSavedCard);
}

/** The customer's default card with its gateway reference, or null when they have none. */
export async function defaultSavedCard(db: Database, userId: number): Promise<SavedCardRow | null> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.isDefault, true)));
  return row ?? null;
}

/** The customer's row locked, so two changes of their default (or a save beside one) take turns. */
async function lockCustomer(tx: Database, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Saves a card for a user through the gateway: the /payment-methods form (the default when it is their first), or
 * 'Keep this card for next time' at checkout (`makeDefault`: the consent to pay with it in one tap next time).
 */
export async function saveCardForUser(
  ctx: AppContext,
  userId: number,
  now: Date,
  card: TestCardInput,
  { makeDefault = false }: { makeDefault?: boolean } = {},
): Promise<SavedCard> {
  const { db, gateway } = ctx;
  if (!gateway.createPaymentMethod) throw badRequest('Cards are saved with the payment provider for this payment method');
  const [existing] = await db.select({ count: count() }).from(savedCards).where(eq(savedCards.userId, userId));
  if (Number(existing?.count ?? 0) >= maxSavedCards) throw conflict(`You can save up to ${maxSavedCards} cards. Remove one first.`);
  let method;
  try {
    method = await gateway.createPaymentMethod(card);
  } catch (error) {
    if (error instanceof GatewayError) throw badRequest(error.message, { card: error.message });
    throw error;
  }
  const row = await db.transaction(async (tx) => {
    await lockCustomer(tx, userId);
    const isDefault = makeDefault || !(await defaultSavedCard(tx, userId));
    if (isDefault)
      await tx
        .update(savedCards)
        .set({ isDefault: false })
        .where(and(eq(savedCards.userId, userId), eq(savedCards.isDefault, true)));
    const [inserted] = await tx
      .insert(savedCards)
      .values({
        userId,
        gatewayRef: method.ref,
        brand: method.brand,
        last4: method.last4,
        expMonth: method.expMonth,
        expYear: method.expYear,
        isDefault,
        createdAt: now,
      })
      .returning();
    return inserted!;
  });
  return toSavedCard(row);
}

/** POST /api/payment-methods/:id/default: 'Make default'; own cards only (anyone else's is the same 404). */
export async function makeDefaultCard(db: Database, actor: Actor, id: number): Promise<SavedCard> {
  const user = requireUser(actor);
  return db.transaction(async (tx) => {
    await lockCustomer(tx, user.id);
    const [own] = await tx
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(and(eq(savedCards.id, id), eq(savedCards.userId, user.id)));
    if (!own) throw notFound('Card not found');
    await tx
      .update(savedCards)
      .set({ isDefault: false })
      .where(and(eq(savedCards.userId, user.id), eq(savedCards.isDefault, true), ne(savedCards.id, id)));
    const [row] = await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, id)).returning();
    return toSavedCard(row!);
  });
}

/** The gateway reference of one of the user's own saved cards; anyone else's answers the same 404 as a missing one. */
export async function ownSavedCardRef(db: Database, userId: number, id: number): Promise<string> {
  const [row] = await db
    .select({ gatewayRef: savedCards.gatewayRef })
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId)));
  if (!row) throw notFound('Card not found');
  return row.gatewayRef;
}

/** POST /api/payment-methods */
export async function addSavedCard(ctx: AppContext, actor: Actor, now: Date, input: { card: TestCardInput }): Promise<SavedCard> {
  const user = requireUser(actor);
  return saveCardForUser(ctx, user.id, now, input.card);
}

/**
 * DELETE /api/payment-methods/:id: own cards only; anyone else's answers the same 404 as a missing one. Removing the
 * default leaves none: one tap never pays with a card the customer did not choose (decision 051).
 */
export async function removeSavedCard(ctx: AppContext, actor: Actor, id: number): Promise<{ removed: true }> {
  const { db, gateway } = ctx;
  const user = requireUser(actor);
  const [row] = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, user.id)))
    .returning();
  if (!row) throw notFound('Card not found');
  try {
    await gateway.detachPaymentMethod(row.gatewayRef);
  } catch (error) {
    // Our copy is gone; a gateway that cannot be reached keeps a reference nobody can use from here.
    if (!(error instanceof GatewayError)) throw error;
  }
  return { removed: true };
}
