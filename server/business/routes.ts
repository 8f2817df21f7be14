import type { FastifyInstance } from 'fastify';
import {
  bankAccountInputSchema,
  payoutIdParamsSchema,
  statementParamsSchema,
  stripePayoutAccountInputSchema,
} from '@core/schemas/earnings.ts';
import { parse } from '../http/validate.ts';
import { getAdminOverview } from './admin-overview-service.ts';
import { getEarnings, getPayout, monthlyStatement } from './earnings-service.ts';
import { getPayoutAccount, savePayoutAccount } from './payout-account-service.ts';
import { getPlatformSettings, getPublicSettings, updatePlatformSettings } from '../platform/platform-settings-service.ts';

/** The detailer's earnings, payouts, monthly statements and payout account, and the admin's platform settings (decision 021, "Money"). */
export async function businessRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/api/detailer/earnings', (request) => getEarnings(ctx, request.user, ctx.clock.now()));

  app.get('/api/admin/overview', (request) => getAdminOverview(ctx, request.user, ctx.clock.now()));

  app.get('/api/detailer/payouts/:id', (request) => getPayout(ctx, request.user, parse(payoutIdParamsSchema, request.params).id));

  app.get('/api/detailer/statements/:file', async (request, reply) => {
    const { file: month } = parse(statementParamsSchema, request.params);
    const { filename, csv } = await monthlyStatement(ctx, request.user, ctx.clock.now(), month);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get('/api/detailer/payout-account', (request) => getPayoutAccount(ctx, request.user, ctx.clock.now()));

  // The built-in gateway takes bank details; Stripe collects them in its own onboarding, so nothing is sent.
  app.post('/api/detailer/payout-account', (request) => {
    if (ctx.config.PAYMENTS_GATEWAY === 'stripe') parse(stripePayoutAccountInputSchema, request.body);
    const bank = ctx.config.PAYMENTS_GATEWAY === 'test' ? parse(bankAccountInputSchema, request.body) : null;
    return savePayoutAccount(ctx, request.user, ctx.clock.now(), bank);
  });

  // Every platform setting and its audit list, admins only (issue 19). A new commission applies to jobs synced
  // from then on: each ledger row keeps the commission it was synced with (platform-settings-service.ts).
  app.get('/api/admin/settings', (request) => getPlatformSettings(ctx, request.user));
  app.patch('/api/admin/settings', (request) => updatePlatformSettings(ctx, request.user, request.body, ctx.clock.now()));

  // What customers see priced and timed before they book (decision 022): public, no sign-in needed.
  app.get('/api/settings/public', () => getPublicSettings(ctx));
}
