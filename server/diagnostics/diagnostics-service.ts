import { connect } from 'node:net';
import { desc, eq, isNotNull, sql, and } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { unauthorized } from '@core/errors.ts';
import type { AuthDiagnostics, FlowDiagnostics, FlowProbe, IdentityDiagnostics } from '@core/schemas/diagnostics.ts';
import type { AppContext } from '../context.ts';
import { deviceTokens, outboxEmails, sessions, users } from '../db/schema.ts';
import { hashToken } from '../identity/session-service.ts';
import type { Actor } from '../identity/access.ts';
import { requireDemoAdmin } from './demo-admin.ts';

/** A probe slower than this is reported down rather than waited for: the page answers in seconds. */
export const probeTimeoutMs = 2_000;

const withTimeout = <T>(work: Promise<T>, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer within ${probeTimeoutMs / 1000} s`)), probeTimeoutMs).unref(),
    ),
  ]);

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** /test-auth: the session of the admin asking, and how this request fares with the CSRF check. */
export async function authDiagnostics(
  ctx: AppContext,
  actor: Actor,
  request: { sessionToken: string | undefined; origin: string | null },
): Promise<AuthDiagnostics> {
  const admin = requireDemoAdmin(ctx.config, actor);
  const [session] = request.sessionToken
    ? await ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, hashToken(request.sessionToken)))
    : [];
  if (!session) throw unauthorized();
  const expectedOrigin = ctx.config.PUBLIC_URL;
  return {
    user: { id: admin.id, email: admin.email, name: admin.name, role: admin.role },
    session: { createdAt: session.createdAt.toISOString(), expiresAt: session.expiresAt.toISOString() },
    csrf: {
      sameSite: 'lax',
      expectedOrigin,
      requestOrigin: request.origin,
      wouldPass: request.origin === null || request.origin === expectedOrigin || ctx.config.NODE_ENV !== 'production',
    },
  };
}

/** /test-firebase-auth and /firebase-debug: the provider's settings (never the secret) and the latest sign-ins. */
export async function identityDiagnostics(ctx: AppContext, actor: Actor): Promise<IdentityDiagnostics> {
  requireDemoAdmin(ctx.config, actor);
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, PUBLIC_URL } = ctx.config;
  const configured = Boolean(OIDC_CLIENT_ID && OIDC_CLIENT_SECRET);
  const recent = await ctx.db
    .select({ email: users.email, role: users.role, oidcSubject: users.oidcSubject, signedInAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .orderBy(desc(sessions.createdAt))
    .limit(10);
  return {
    issuer: OIDC_ISSUER,
    configured,
    clientId: OIDC_CLIENT_ID ?? null,
    clientSecretSet: Boolean(OIDC_CLIENT_SECRET),
    redirectUri: `${PUBLIC_URL}/api/auth/oidc/callback`,
    startUrl: configured ? '/api/auth/oidc/start' : null,
    reason: configured ? null : 'Sign-in with Google is not configured: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET.',
    recentSignIns: recent.map((row) => ({
      email: row.email,
      role: row.role,
      linkedToProvider: row.oidcSubject !== null,
      signedInAt: row.signedInAt.toISOString(),
    })),
  };
}

async function probeDatabase(ctx: AppContext): Promise<FlowProbe> {
  const started = performance.now();
  try {
    await withTimeout(ctx.db.execute(sql`select 1`), 'The database');
    return { name: 'Database', state: 'ok', detail: `select 1 answered in ${Math.round(performance.now() - started)} ms` };
  } catch (error) {
    return { name: 'Database', state: 'down', detail: reasonOf(error) };
  }
}

async function probeRedis(ctx: AppContext): Promise<FlowProbe> {
  if (!ctx.config.REDIS_URL) return { name: 'Redis', state: 'off', detail: 'Not configured: live updates stay within this instance' };
  const redis = new Redis(ctx.config.REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: probeTimeoutMs,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await withTimeout(redis.connect(), 'Redis');
    const answer = await withTimeout(redis.ping(), 'Redis');
    return { name: 'Redis', state: answer === 'PONG' ? 'ok' : 'degraded', detail: `PING answered ${answer}` };
  } catch (error) {
    return { name: 'Redis', state: 'down', detail: reasonOf(error) };
  } finally {
    redis.disconnect();
  }
}

function probeGateway(ctx: AppContext): FlowProbe {
  if (ctx.gateway.kind === 'stripe') return { name: 'Payment gateway', state: 'ok', detail: 'Stripe (keys set)' };
  return { name: 'Payment gateway', state: 'ok', detail: 'Built-in test gateway: only test cards, no real money' };
}

/** Whether something listens at the SMTP server's address (a TCP connect; nothing is sent). */
function reachable(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setTimeout(probeTimeoutMs, () => socket.destroy(new Error(`${host}:${port} did not answer within ${probeTimeoutMs / 1000} s`)));
    socket.once('connect', () => {
      socket.end();
      resolve();
    });
    socket.once('error', reject);
  });
}

async function probeMail(ctx: AppContext): Promise<FlowProbe> {
  const [queue] = await ctx.db
    .select({ waiting: sql<number>`count(*)::int` })
    .from(outboxEmails)
    .where(and(isNotNull(outboxEmails.nextAttemptAt)));
  const waiting = Number(queue?.waiting ?? 0);
  if (!ctx.config.SMTP_URL) return { name: 'Mail', state: 'off', detail: 'No SMTP server: emails are kept in the outbox only' };
  const url = new URL(ctx.config.SMTP_URL);
  const port = Number(url.port || (url.protocol === 'smtps:' ? 465 : 587));
  try {
    await reachable(url.hostname, port);
    return {
      name: 'Mail',
      state: waiting > 0 ? 'degraded' : 'ok',
      detail: `${url.hostname}:${port} reachable; ${waiting} email(s) waiting to be sent`,
    };
  } catch (error) {
    return { name: 'Mail', state: 'down', detail: reasonOf(error) };
  }
}

async function probePush(ctx: AppContext): Promise<FlowProbe> {
  if (!ctx.config.VAPID_PUBLIC_KEY)
    return { name: 'Push', state: 'off', detail: 'No VAPID keys: notifications arrive in the app and by email only' };
  const [devices] = await ctx.db
    .select({ active: sql<number>`count(*)::int` })
    .from(deviceTokens)
    .where(eq(deviceTokens.isActive, true));
  return { name: 'Push', state: 'ok', detail: `VAPID keys set; ${Number(devices?.active ?? 0)} active device(s)` };
}

/** /test-flow: each part the booking flow needs, probed now. */
export async function flowDiagnostics(ctx: AppContext, actor: Actor, now: Date): Promise<FlowDiagnostics> {
  requireDemoAdmin(ctx.config, actor);
  const probes = await Promise.all([
    probeDatabase(ctx),
    probeRedis(ctx),
    Promise.resolve(probeGateway(ctx)),
    probeMail(ctx),
    probePush(ctx),
  ]);
  return { checkedAt: now.toISOString(), probes };
}
