import { and, asc, count, eq } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '@core/errors.ts';
import type { SavedCard, TestCardInput } from '@core/schemas/payments.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { savedCards } from '../db/schema.ts';
import { GatewayError } from './gateways/gateway.ts';
import { requireUser, type Actor } from '../identity/access.ts';

/** /payment-methods: cards saved through the gateway. We keep its reference, brand, last four and expiry only. */

export const maxSavedCards = 10;

type SavedCardRow = typeof savedCards.$inferSelect;

function toSavedCard(row: SavedCardRow): SavedCard {
  return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
}

/** GET /api/payment-methods: the caller's own cards, oldest first. */
export async function listSavedCards(db: Database, actor: Actor): Promise<SavedCard[]> {
  const user = requireUser(actor);
  const rows = await db.select().from(savedCards).where(eq(savedCards.userId, user.id)).orderBy(asc(savedCards.id));
  return rows.map(toSavedCard);
}

/** Saves a card for a user through the gateway (the /payment-methods form, or 'Save this card' at checkout). */
export async function saveCardForUser(ctx: AppContext, userId: number, now: Date, card: TestCardInput): Promise<SavedCard> {
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
  const [row] = await db
    .insert(savedCards)
    .values({
      userId,
      gatewayRef: method.ref,
      brand: method.brand,
      last4: method.last4,
      expMonth: method.expMonth,
      expYear: method.expYear,
      createdAt: now,
    })
    .returning();
  return toSavedCard(row!);
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

/** DELETE /api/payment-methods/:id: own cards only; anyone else's answers the same 404 as a missing one. */
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
