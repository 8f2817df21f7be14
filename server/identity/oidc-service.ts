import { createHmac, createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { AppError, badRequest, forbidden } from '@core/errors.ts';
import { users } from '../db/schema.ts';
import { grantListedAdmin, startSession, type IdentityContext, type SignedIn } from './auth-service.ts';
import { createUser, findUserByEmail, isUsernameTaken, type UserRow } from './user-service.ts';

/** Google (and any provider that lists it) can force the account chooser; others reject the prompt value. */
function selectsAccount(config: oidc.Configuration): boolean {
  const metadata = config.serverMetadata();
  const supported = metadata.prompt_values_supported;
  return new URL(metadata.issuer).hostname === 'accounts.google.com' || (Array.isArray(supported) && supported.includes('select_account'));
}

export type OidcSettings = { issuer: string; clientId?: string; clientSecret?: string };

/** How long the browser may take at the provider: the state cookie expires after it. */
export const oidcFlowLifetimeMs = 10 * 60 * 1000;

const notConfiguredReason = 'Google sign-in is not set up on this server.';

type FlowState = { state: string; nonce: string; verifier: string; expiresAt: number };

/** A person as the provider vouches for them; emailVerified only when the provider says email_verified: true. */
export type OidcIdentity = { subject: string; email: string; name: string | null; emailVerified: boolean };

/**
 * OpenID Connect sign-in (authorization code + PKCE, state and nonce). The provider is discovered on first
 * use, so a server without network or configuration starts anyway. The flow's secrets travel in a short-lived
 * cookie sealed with an HMAC keyed by the client secret, so any instance behind a load balancer can finish it.
 */
export function createOidcSignIn(settings: OidcSettings) {
  const isEnabled = Boolean(settings.clientId && settings.clientSecret);
  const key = createHash('sha256')
    .update(`glossly-oidc-state:${settings.clientSecret ?? ''}`)
    .digest();
  let discovered: Promise<oidc.Configuration> | undefined;

  function configuration(): Promise<oidc.Configuration> {
    if (!isEnabled) throw badRequest(notConfiguredReason);
    const issuer = new URL(settings.issuer);
    discovered ??= oidc
      .discovery(issuer, settings.clientId!, settings.clientSecret!, undefined, {
        // Plain http only for a provider on this machine (tests, local development).
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

  function seal(flow: FlowState): string {
    const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
    return `${payload}.${sign(payload)}`;
  }

  function unseal(value: string | undefined, now: Date): FlowState {
    const [payload, signature] = (value ?? '').split('.');
    const expected = payload ? Buffer.from(sign(payload)) : undefined;
    if (!payload || !signature || !expected || expected.length !== signature.length || !timingSafeEqual(expected, Buffer.from(signature))) {
      throw badRequest('The sign-in attempt could not be verified. Please try again.');
    }
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString()) as FlowState;
    if (flow.expiresAt <= now.getTime()) throw badRequest('The sign-in attempt took too long. Please try again.');
    return flow;
  }

  return {
    status(): { enabled: boolean; reason: string | null } {
      return isEnabled ? { enabled: true, reason: null } : { enabled: false, reason: notConfiguredReason };
    },

    /** The provider's authorization URL and the sealed flow state for the cookie. */
    async start(redirectUri: string, now: Date): Promise<{ url: string; flowCookie: string }> {
      const config = await configuration();
      const flow: FlowState = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        expiresAt: now.getTime() + oidcFlowLifetimeMs,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        // The spec forces account selection where the provider offers it.
        ...(selectsAccount(config) ? { prompt: 'select_account' } : {}),
      });
      return { url: url.href, flowCookie: seal(flow) };
    },

    /** Checks state, nonce and PKCE, redeems the code and returns who signed in. */
    async finish(callbackUrl: URL, flowCookie: string | undefined, now: Date): Promise<OidcIdentity> {
      const flow = unseal(flowCookie, now);
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims()!;
      // Google puts email and name in the ID token; other providers may keep them for the userinfo endpoint.
      const claims: Record<string, unknown> & { sub: string } =
        typeof idClaims.email === 'string' && typeof idClaims.name === 'string'
          ? idClaims
          : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
      if (typeof claims.email !== 'string' || !claims.email) throw badRequest('Your Google account did not share an email address.');
      // An unverified address could belong to someone else: it must not open their Glossly account.
      if (claims.email_verified === false) throw forbidden('Please verify your email address with Google first.');
      const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null;
      return { subject: claims.sub, email: claims.email, name, emailVerified: claims.email_verified === true };
    },
  };
}

export type OidcSignIn = ReturnType<typeof createOidcSignIn>;

/** The spec's search-engine sign-up rule: display name lowercased without spaces, else the email's local part. */
export function usernameBase(identity: Pick<OidcIdentity, 'email' | 'name'>): string {
  const raw = identity.name ? identity.name.toLowerCase().replace(/\s+/g, '') : identity.email.split('@')[0]!.toLowerCase();
  return raw.length >= 3 ? raw : `${raw}user`;
}

async function registerFromProvider(ctx: IdentityContext, identity: OidcIdentity): Promise<UserRow> {
  const base = usernameBase(identity);
  for (let attempt = 1; attempt <= 50; attempt += 1) {
    const username = attempt === 1 ? base : `${base}${attempt}`;
    if (await isUsernameTaken(ctx.db, username)) continue;
    try {
      return await createUser(ctx.db, {
        email: identity.email,
        username,
        name: identity.name ?? identity.email.split('@')[0]!,
        role: 'customer',
        oidcSubject: identity.subject,
        // The provider vouches for the address: as good as our own confirmation link.
        emailVerifiedAt: identity.emailVerified ? ctx.clock.now() : null,
      });
    } catch (error) {
      // Someone took the name in between: try the next one.
      if (error instanceof AppError && error.code === 'conflict' && error.message.includes('username')) continue;
      throw error;
    }
  }
  throw badRequest('Could not choose a username for your account. Please register with email instead.');
}

export const oidcLinkMessages = {
  unverifiedAccount:
    'An account with this email already exists but its email is not confirmed. Sign in with your password and open the confirmation link we sent, then Google sign-in will work.',
  unverifiedProvider:
    'Google has not verified this email address, so it cannot open the existing account with this email. Sign in with your password instead.',
} as const;

/**
 * The provider's person: the account linked to them, the account with their email, or a new customer. An
 * existing password account is linked only when both sides vouch for the address: its owner opened our
 * confirmation link and the provider says email_verified. Otherwise whoever holds the provider account could
 * take over an account registered (unconfirmed) with someone else's address, or the other way round.
 */
export async function signInWithOidc(ctx: IdentityContext, identity: OidcIdentity): Promise<SignedIn> {
  const [linked] = await ctx.db.select().from(users).where(eq(users.oidcSubject, identity.subject));
  let row: UserRow | undefined = linked;
  if (!row) {
    const byEmail = await findUserByEmail(ctx.db, identity.email);
    if (byEmail?.oidcSubject) throw forbidden('This email is already linked to another Google account.');
    if (byEmail && !byEmail.emailVerifiedAt) throw forbidden(oidcLinkMessages.unverifiedAccount);
    if (byEmail && !identity.emailVerified) throw forbidden(oidcLinkMessages.unverifiedProvider);
    if (byEmail) {
      [row] = await ctx.db.update(users).set({ oidcSubject: identity.subject }).where(eq(users.id, byEmail.id)).returning();
    } else {
      row = await registerFromProvider(ctx, identity);
    }
  }
  if (row!.isDisabled) throw forbidden('This account has been disabled. Please contact support.');
  return startSession(ctx, await grantListedAdmin(ctx, row!));
}
