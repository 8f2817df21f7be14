import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createCatalogCache } from '../../server/catalog/catalog-cache.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { paymentCustomers } from '../../server/db/schema.ts';
import type { GatewayCustomer, PaymentGateway } from '../../server/payments/gateways/gateway.ts';
import { TestGateway } from '../../server/payments/gateways/test-gateway.ts';
import { gatewayCustomerRef } from '../../server/payments/payment-common.ts';
import { createCustomer } from '../factories/index.ts';
import { createTestDatabase, databaseKinds } from './test-app.ts';

/** A gateway with customers (Stripe's shape) that makes a new one on every call and counts them. */
function gatewayWithCustomers(made: GatewayCustomer[]): PaymentGateway {
  const gateway: Pick<PaymentGateway, 'kind' | 'customerFor'> = {
    kind: 'stripe',
    async customerFor(customer) {
      made.push(customer);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return `cus_${made.length}`;
    },
  };
  return gateway as PaymentGateway;
}

/** Issue 37: a card kept for the one-tap tip belongs to the gateway's customer, one per Glossly customer and gateway. */
describe.each(databaseKinds)('the gateway customer of a Glossly customer on %s', (kind) => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('is made once and kept, even when two first payments ask at once', async () => {
    const made: GatewayCustomer[] = [];
    // What gatewayCustomerRef reaches: the database and the gateway (no app: the fake gateway has nothing else).
    const ctx = { db: database.db, gateway: gatewayWithCustomers(made), catalogCache: createCatalogCache() };
    const customer = await createCustomer(ctx, { name: 'Cara Card' });
    const [first, second] = await Promise.all([gatewayCustomerRef(ctx, customer), gatewayCustomerRef(ctx, customer)]);
    expect(first).toBe(second);
    expect(await gatewayCustomerRef(ctx, customer)).toBe(first);
    const rows = await database.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, customer.id));
    expect(rows.map((row) => [row.gateway, row.customerRef])).toEqual([['stripe', first]]);
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((asked) => asked.id === customer.id && asked.email === customer.email)).toBe(true);
  });

  it('is not made for a gateway that keeps cards without customers (the built-in one)', async () => {
    const ctx = {
      db: database.db,
      gateway: new TestGateway({ db: database.db, webhookSecret: 'whsec_test', now: () => new Date() }),
      catalogCache: createCatalogCache(),
    };
    const customer = await createCustomer(ctx, { name: 'Tess Test' });
    expect(await gatewayCustomerRef(ctx, customer)).toBeUndefined();
    expect(await database.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, customer.id))).toEqual([]);
  });
});
