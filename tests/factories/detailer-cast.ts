import type { AppContext } from '../../server/context.ts';
import { createAdmin, createCustomer, createDetailer } from './index.ts';

/**
 * Who a detailer-side API test acts as, made the same way in each such test: the detailer under test (`me`), another
 * detailer whose data must stay out of `me`'s sight, a customer and an admin (both without a password: signed in by cookie).
 */
export async function createDetailerCast(ctx: AppContext) {
  const me = await createDetailer(ctx);
  const other = await createDetailer(ctx);
  const customer = await createCustomer(ctx, { password: undefined });
  const admin = await createAdmin(ctx, { password: undefined });
  return { me, other, customer, admin };
}
