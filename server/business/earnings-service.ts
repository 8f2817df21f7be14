import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { weekStartInZone } from '@core/domain/business-weeks.ts';
import { ledgerKindLabels, nextPayoutDate, payoutCents } from '@core/domain/earnings.ts';
import { zonedTimeToUtc } from '@core/domain/time-slots.ts';
import { notFound } from '@core/errors.ts';
import type { Earnings, EarningsLine, Payout } from '@core/schemas/earnings.ts';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/client.ts';
import { bookings, detailerLedger, payouts, services } from '../db/schema.ts';
import type { Actor } from '../identity/access.ts';
import { ledgerBalance, pendingCoveredCredits, readPlatformSettings, syncEarnings } from './earnings-sync.ts';
import { businessOf, payoutAccountOf, toPayoutAccount } from './payout-account-service.ts';
import { platformDate } from '../platform/platform-date.ts';

/** Payouts shown on /business, newest first; older ones are in the monthly statements. */
const payoutsShown = 26;

type LineRow = EarningsLine & { payoutId: number | null };

function ledgerLines(db: Database, detailerId: number) {
  return db
    .select({
      id: detailerLedger.id,
      kind: detailerLedger.kind,
      bookingId: detailerLedger.bookingId,
      serviceName: services.name,
      createdAt: detailerLedger.createdAt,
      grossCents: detailerLedger.grossCents,
      commissionCents: detailerLedger.commissionCents,
      amountCents: detailerLedger.amountCents,
      payoutId: detailerLedger.payoutId,
    })
    .from(detailerLedger)
    .leftJoin(bookings, eq(bookings.id, detailerLedger.bookingId))
    .leftJoin(services, eq(services.id, bookings.serviceId))
    .where(eq(detailerLedger.detailerId, detailerId))
    .$dynamic();
}

const toLine = ({ payoutId: _payoutId, createdAt, ...row }: Omit<LineRow, 'createdAt'> & { createdAt: Date }): EarningsLine => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/**
 * Each payout with the rows it paid: a payout pays the whole balance, so its rows are those written after the
 * previous payout's row and before its own (jobs, tips, refunds and a failed payout's return).
 */
async function payoutsWithLines(db: Database, detailerId: number, only?: number): Promise<Payout[]> {
  const rows = await ledgerLines(db, detailerId).orderBy(asc(detailerLedger.id));
  const linesByPayout = new Map<number, EarningsLine[]>();
  let pending: EarningsLine[] = [];
  for (const row of rows) {
    if (row.kind === 'payout' && row.payoutId !== null) {
      linesByPayout.set(row.payoutId, pending);
      pending = [];
    } else {
      pending.push(toLine(row));
    }
  }
  const payoutRows = await db
    .select()
    .from(payouts)
    .where(only === undefined ? eq(payouts.detailerId, detailerId) : and(eq(payouts.detailerId, detailerId), eq(payouts.id, only)))
    .orderBy(desc(payouts.id))
    .limit(payoutsShown);
  return payoutRows.map((payout) => ({
    id: payout.id,
    amountCents: payout.amountCents,
    status: payout.status,
    runDate: payout.runDate,
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
    failureMessage: payout.failureMessage,
    lines: linesByPayout.get(payout.id) ?? [],
  }));
}

const emptyEarnings = (gateway: Earnings['payoutGateway']): Omit<Earnings, 'commissionBasisPoints' | 'nextPayout'> => ({
  balanceCents: 0,
  weekCents: 0,
  payoutAccount: null,
  payoutGateway: gateway,
  payouts: [],
  statementMonths: [],
  pendingCredits: [],
  hasActivity: false,
});

/** GET /api/detailer/earnings: the ledger is synced first, so a job completed a moment ago is already counted. */
export async function getEarnings(ctx: AppContext, actor: Actor, now: Date): Promise<Earnings> {
  const { db, config } = ctx;
  const { detailerId } = await businessOf(db, actor);
  const settings = await readPlatformSettings(db);
  const today = platformDate(ctx, now);
  if (detailerId === null) {
    return {
      ...emptyEarnings(config.PAYMENTS_GATEWAY),
      commissionBasisPoints: settings.commissionBasisPoints,
      nextPayout: { date: nextPayoutDate(today, settings.payoutWeekday, false), estimateCents: 0 },
    };
  }
  await syncEarnings(db, now);
  const zone = config.PLATFORM_TIME_ZONE;
  const balanceCents = await ledgerBalance(db, detailerId);
  const weekFrom = zonedTimeToUtc(weekStartInZone(now, zone), 0, zone);
  const [week] = await db
    .select({ cents: sql<number>`coalesce(sum(${detailerLedger.amountCents}), 0)`.mapWith(Number) })
    .from(detailerLedger)
    .where(
      and(
        eq(detailerLedger.detailerId, detailerId),
        inArray(detailerLedger.kind, ['job', 'tip', 'refund']),
        gte(detailerLedger.createdAt, weekFrom),
      ),
    );
  const monthOf = sql<string>`to_char(${detailerLedger.createdAt} at time zone ${zone}, 'YYYY-MM')`;
  // Sorted here: ORDER BY the same expression would bind the zone as a second parameter, which PostgreSQL refuses.
  const months = (await db.selectDistinct({ month: monthOf }).from(detailerLedger).where(eq(detailerLedger.detailerId, detailerId))).sort(
    (a, b) => b.month.localeCompare(a.month),
  );
  const [ranToday] = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.detailerId, detailerId), eq(payouts.runDate, today)));
  const account = await payoutAccountOf(db, detailerId);
  const pendingCredits = await pendingCoveredCredits(db, detailerId, now);
  return {
    balanceCents,
    weekCents: week?.cents ?? 0,
    commissionBasisPoints: settings.commissionBasisPoints,
    nextPayout: { date: nextPayoutDate(today, settings.payoutWeekday, Boolean(ranToday)), estimateCents: payoutCents(balanceCents) },
    payoutAccount: account ? toPayoutAccount(account) : null,
    payoutGateway: config.PAYMENTS_GATEWAY,
    payouts: await payoutsWithLines(db, detailerId),
    statementMonths: months.map((m) => m.month),
    pendingCredits,
    hasActivity: months.length > 0 || pendingCredits.length > 0,
  };
}

/** GET /api/detailer/payouts/:id: the detailer's own payout only; anyone else's is the same 404 as a missing one. */
export async function getPayout(ctx: AppContext, actor: Actor, payoutId: number): Promise<Payout> {
  const { detailerId } = await businessOf(ctx.db, actor);
  const [payout] = detailerId === null ? [] : await payoutsWithLines(ctx.db, detailerId, payoutId);
  if (!payout) throw notFound('Payout not found');
  return payout;
}

/**
 * A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, -, @, tab or carriage return cannot
 * start a formula (spreadsheets skip a leading tab or return and read what follows as the cell's start).
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?[0-9.]+$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

export const statementHeader = ['Date', 'Booking', 'Service', 'Gross', 'Commission', 'Net', 'Kind'];

/**
 * GET /api/detailer/statements/:month.csv: every ledger row of the month (platform time zone), one line each, and a
 * totals line. Amounts in dollars with two decimals, so a spreadsheet reads them as numbers.
 */
export async function monthlyStatement(
  ctx: AppContext,
  actor: Actor,
  now: Date,
  month: string,
): Promise<{ filename: string; csv: string }> {
  const { db, config } = ctx;
  const { detailerId } = await businessOf(db, actor);
  const zone = config.PLATFORM_TIME_ZONE;
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const next = monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
  const from = zonedTimeToUtc(`${month}-01`, 0, zone);
  const until = zonedTimeToUtc(`${next}-01`, 0, zone);
  let rows: Awaited<ReturnType<ReturnType<typeof ledgerLines>['orderBy']>> = [];
  if (detailerId !== null) {
    await syncEarnings(db, now);
    rows = await ledgerLines(db, detailerId)
      .where(and(eq(detailerLedger.detailerId, detailerId), gte(detailerLedger.createdAt, from), lt(detailerLedger.createdAt, until)))
      .orderBy(asc(detailerLedger.createdAt), asc(detailerLedger.id));
  }
  const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const lines = [statementHeader.join(',')];
  const total = { gross: 0, commission: 0, net: 0 };
  for (const row of rows) {
    total.gross += row.grossCents;
    total.commission += row.commissionCents;
    total.net += row.amountCents;
    lines.push(
      [
        dateFormat.format(row.createdAt),
        row.bookingId === null ? '' : String(row.bookingId),
        row.serviceName ?? '',
        dollars(row.grossCents),
        dollars(row.commissionCents),
        dollars(row.amountCents),
        ledgerKindLabels[row.kind],
      ]
        .map(csvField)
        .join(','),
    );
  }
  lines.push(['Total', '', '', dollars(total.gross), dollars(total.commission), dollars(total.net), ''].join(','));
  return { filename: `glossly-statement-${month}.csv`, csv: `${lines.join('\r\n')}\r\n` };
}
