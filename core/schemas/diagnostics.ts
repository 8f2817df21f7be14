import type { Role } from '../domain/roles.ts';

// The admins' debug and test pages (issue 19): /test-auth, /test-firebase-auth, /firebase-debug, /test-flow.
// Demo mode only; never a secret in any answer.

/** GET /api/diagnostics/auth: the session asking. */
export type AuthDiagnostics = {
  user: { id: number; email: string; name: string; role: Role };
  session: { createdAt: string; expiresAt: string };
  csrf: {
    /** How mutating requests are protected: SameSite=Lax session cookie plus an Origin (or Referer) check. */
    sameSite: 'lax';
    expectedOrigin: string;
    /** The Origin (or Referer's origin) this request came with; null when the browser sent neither (a GET). */
    requestOrigin: string | null;
    /** Whether a POST from this page would pass the check. */
    wouldPass: boolean;
  };
};

/** GET /api/diagnostics/identity: the identity provider's configuration, and the latest sign-ins. */
export type IdentityDiagnostics = {
  issuer: string;
  configured: boolean;
  /** The OAuth client id (public); null when unset. The client secret is never shown. */
  clientId: string | null;
  clientSecretSet: boolean;
  redirectUri: string;
  /** Where 'Test sign-in' goes; null when sign-in with the provider is not configured. */
  startUrl: string | null;
  reason: string | null;
  /** The latest sessions started, newest first: who, when, and whether the account is linked to the provider. */
  recentSignIns: Array<{ email: string; role: Role; linkedToProvider: boolean; signedInAt: string }>;
};

export const probeStates = ['ok', 'degraded', 'down', 'off'] as const;
export type ProbeState = (typeof probeStates)[number];
export type FlowProbe = { name: 'Database' | 'Redis' | 'Payment gateway' | 'Mail' | 'Push'; state: ProbeState; detail: string };

/** GET /api/diagnostics/flow: the booking flow's health, each part probed live. */
export type FlowDiagnostics = { checkedAt: string; probes: FlowProbe[] };
