import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Secrets made once per install (random, never a shipped constant), such as the built-in payment gateway's
 * webhook signing secret when TEST_GATEWAY_WEBHOOK_SECRET is unset.
 */
export const installSecrets = pgTable('install_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * What the built-in test gateway keeps on "its side", as a remote gateway would: intents, saved-card
 * references and refunds, so that an authorization survives a restart. JSON documents, because they are
 * the gateway's records in its own shape, not Glossly's.
 */
export const testGatewayIntents = pgTable(
  'test_gateway_intents',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_gateway_intents_idempotency_key_unique').on(t.idempotencyKey)],
);

export const testGatewayPaymentMethods = pgTable('test_gateway_payment_methods', {
  ref: text('ref').primaryKey(),
  data: jsonb('data').notNull(),
  createdAt: createdAt(),
});

export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    intentId: text('intent_id').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('test_gateway_refunds_intent_id_idx').on(t.intentId)],
);
