import { isIP } from 'node:net';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** TRUST_PROXY: a hop count (`1`) or a list of proxy addresses and CIDR ranges (`10.0.0.1, 10.0.0.0/8`). */
const trustProxy = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(
    z.union([
      z.tuple([z.string().regex(/^\d{1,2}$/, 'must be a hop count or a list of addresses')]).transform(([hops]) => Number(hops)),
      z.array(
        z.string().refine((entry) => isIP(entry.split('/')[0]!) !== 0, 'must be a hop count or a list of IP addresses and CIDR ranges'),
      ),
    ]),
  );

/** An outside service's base address (routing, geocoding): http(s), no query or fragment; a trailing slash is dropped. */
const serviceBaseUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' })
  .refine((value) => !URL.canParse(value) || !/[?#]/.test(value), 'must be a base address without ? or #')
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * A map tile address template (Leaflet's): an http(s) address or a path on this server, with {z}, {x} and {y}
 * (https://tile.example/{z}/{x}/{y}.png, /tiles/{z}/{x}/{y}.png).
 */
const mapTileUrl = z
  .string()
  .refine((value) => /^(https?:\/\/[^\s/]+|\/(?!\/))\S*$/.test(value) && (value.startsWith('/') || URL.canParse(value)), {
    message: 'must be an http:// or https:// address or a path starting with /',
    abort: true,
  })
  .refine((value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)), 'must contain {z}, {x} and {y}');

/** An address Glossly is reached at: http(s), an origin only (links are built as PUBLIC_URL + path). */
const publicOrigin = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).refine((value) => {
  if (!URL.canParse(value)) return true; // said by the check above
  const url = new URL(value);
  return url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
}, 'must be an origin only, such as https://glossly.example (no path, query or credentials): links are built from it');

/** ADMIN_EMAILS: addresses separated by commas (spaces and a trailing comma allowed); anything else is a mistake. */
const adminEmails = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'must be email addresses separated by commas (admin@example.com, ops@example.com)' })));

const base64UrlBytes = (value: string) => (/^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url') : undefined);

/** A key that does not decode to the right bytes fails on the first push instead; refusing it at start says why. */
const vapidPublicKey = z.string().refine((value) => {
  const bytes = base64UrlBytes(value);
  return bytes?.length === 65 && bytes[0] === 0x04;
}, 'must be a URL-safe base64 P-256 public key (65 bytes, an uncompressed point starting 0x04), as web-push generate-vapid-keys prints it');
const vapidPrivateKey = z
  .string()
  .refine(
    (value) => base64UrlBytes(value)?.length === 32,
    'must be a URL-safe base64 P-256 private key (32 bytes), as web-push generate-vapid-keys prints it',
  );

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The sign-in provider: https, since its tokens say who a user is; plain http only on this machine (a test provider). */
const oidcIssuer = z.url({ protocol: /^https?$/, error: 'must be an https:// address' }).refine((value) => {
  if (!URL.canParse(value)) return true; // said by the check above
  const url = new URL(value);
  return url.protocol === 'https:' || loopbackHosts.has(url.hostname) || (isIP(url.hostname) === 4 && url.hostname.startsWith('127.'));
}, 'must be an https:// address (http:// only on localhost)');

/** The browsers' own push services: Chrome, Edge's Chromium and most others (FCM), Firefox, Safari, legacy Edge. */
export const defaultPushServiceHosts = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
];

// Every setting Glossly reads, with the defaults of the embedded mode. README.md documents each one.
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PUBLIC_URL: publicOrigin.optional(),
  TRUST_PROXY: trustProxy.optional(),
  /**
   * On SIGTERM, how long the instance keeps serving while /api/health answers 503, so that a load balancer's health
   * check takes it out of rotation before it stops listening (decision 041). 0: stop listening at once.
   */
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(5000).default(0),
  ADMIN_EMAILS: adminEmails.default([]),
  DEMO_MODE: booleanFlag.optional(),
  SEED_CATALOG: booleanFlag.optional(),
  /** Demo mode's six months of past jobs (server/seed/demo-history.ts); `false` starts in seconds with the accounts and catalog only. */
  DEMO_HISTORY: booleanFlag.default(true),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Glossly <no-reply@glossly.local>'),
  OIDC_ISSUER: oidcIssuer.default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  PAYMENTS_GATEWAY: z.enum(['test', 'stripe']).optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  /** Unset: a random secret made once per install and kept in the database (never a well-known constant). */
  TEST_GATEWAY_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  VAPID_PUBLIC_KEY: vapidPublicKey.optional(),
  VAPID_PRIVATE_KEY: vapidPrivateKey.optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .default('mailto:support@glossly.local'),
  /**
   * The push services a browser's subscription may point at: a device token is a URL this server POSTs to, so any
   * other host (an internal address, a cloud metadata service) is refused. `*.` matches any subdomain.
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(defaultPushServiceHosts.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.string().regex(/^(\*\.)?[a-z0-9.:[\]-]+$/, 'must be a list of host names (*.example.com for subdomains)'))
        .min(1, 'must name at least one push service host'),
    ),
  /** An OSRM-compatible routing service for arrival times; unset: the straight-line estimate (server/geo/eta.ts). */
  ROUTING_URL: serviceBaseUrl.optional(),
  /** A Nominatim-compatible geocoder; unset: the built-in US ZIP code table (server/geo/). */
  GEOCODER_URL: serviceBaseUrl.optional(),
  /** Forecasts for rain checks (issue 20): builtin (set at /test-weather-notifications) or open-meteo at OPEN_METEO_URL. */
  WEATHER_PROVIDER: z.enum(['builtin', 'open-meteo']).default('builtin'),
  OPEN_METEO_URL: serviceBaseUrl.optional(),
  /** Map tiles and their credit line, set together; unset: maps draw on a plain background (decision 018). */
  MAP_TILE_URL: mapTileUrl.optional(),
  MAP_ATTRIBUTION: z.string().trim().min(1).max(300, 'must be at most 300 characters').optional(),
  /** S3-compatible storage for uploaded images, set together; unset: the local disk under DATA_DIR (decision 019). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots and dashes)')
    .optional(),
  S3_ENDPOINT: serviceBaseUrl.optional(),
  /** Defaults to us-east-1 once the others are set. */
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1')
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The platform's day for payouts and detailers' statements (decision 021): an IANA time zone. */
  PLATFORM_TIME_ZONE: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/Los_Angeles')
    .default('America/Los_Angeles'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

type ParsedConfig = z.infer<typeof configSchema>;

export type Config = Omit<ParsedConfig, 'DEMO_MODE' | 'SEED_CATALOG' | 'PUBLIC_URL' | 'TRUST_PROXY' | 'PAYMENTS_GATEWAY'> & {
  DEMO_MODE: boolean;
  /** Whether the sample catalog (categories, services, detailers' profiles) is seeded: demo mode, or asked for. */
  SEED_CATALOG: boolean;
  /** The one origin links and the CSRF check use; never read from a request's Host header. */
  PUBLIC_URL: string;
  /** Fastify's trustProxy: false (no proxy, the default), a hop count, or the proxies' addresses. */
  TRUST_PROXY: false | number | string[];
  PAYMENTS_GATEWAY: 'test' | 'stripe';
};

export class ConfigError extends Error {}

const invalid = (variable: string, message: string) => new ConfigError(`Invalid environment variable ${variable}: ${message}`);

/** Both or neither: a half-set pair would silently fall back to something else. */
function requirePair(values: ParsedConfig, first: keyof ParsedConfig, second: keyof ParsedConfig): void {
  if (Boolean(values[first]) !== Boolean(values[second])) {
    const [missing, present] = values[first] ? [second, first] : [first, second];
    throw invalid(missing, `required when ${present} is set`);
  }
}

/** Stripe when its keys are set; the built-in test gateway otherwise, and in production only when asked for. */
function paymentsGateway(values: ParsedConfig): 'test' | 'stripe' {
  requirePair(values, 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY');
  const stripeKeys = Boolean(values.STRIPE_SECRET_KEY);
  const chosen = values.PAYMENTS_GATEWAY ?? (stripeKeys ? 'stripe' : undefined);
  if (chosen === 'stripe' && !stripeKeys) throw invalid('STRIPE_SECRET_KEY', 'required when PAYMENTS_GATEWAY is stripe');
  if (chosen === 'test' && stripeKeys) throw invalid('PAYMENTS_GATEWAY', 'is test but the Stripe keys are set; unset one or the other');
  if (chosen === 'stripe' && values.NODE_ENV === 'production' && !values.STRIPE_WEBHOOK_SECRET) {
    throw invalid('STRIPE_WEBHOOK_SECRET', 'required in production, or no payment would ever be confirmed');
  }
  if (chosen === undefined && values.NODE_ENV === 'production') {
    throw invalid('PAYMENTS_GATEWAY', 'set the Stripe keys, or PAYMENTS_GATEWAY=test to take only test cards in production');
  }
  return chosen ?? 'test';
}

const s3Variables = ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** All or none: half an S3 configuration would silently keep images on the local disk of one instance. */
function requireS3Group(values: ParsedConfig): void {
  const present = [...s3Variables, 'S3_REGION' as const].find((name) => values[name]);
  const missing = s3Variables.find((name) => !values[name]);
  if (present && missing) throw invalid(missing, `required when ${present} is set (S3 storage needs ${s3Variables.join(', ')})`);
}

/** The real forecast provider needs its address, and an address alone would be silently ignored. */
function requireWeatherPair(values: ParsedConfig): void {
  if (values.WEATHER_PROVIDER === 'open-meteo' && !values.OPEN_METEO_URL) {
    throw invalid('OPEN_METEO_URL', 'required when WEATHER_PROVIDER is open-meteo (e.g. https://api.open-meteo.com)');
  }
  if (values.WEATHER_PROVIDER === 'builtin' && values.OPEN_METEO_URL) {
    throw invalid('WEATHER_PROVIDER', 'must be open-meteo when OPEN_METEO_URL is set; unset one or the other');
  }
}

/** Parses the environment; a bad value throws a one-line message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(defined);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalid(String(issue.path[0]), issue.message);
  }
  const values = parsed.data;
  // Emailed links and the sign-in redirect must not be built from a Host header a visitor chooses.
  if (values.NODE_ENV === 'production' && !values.PUBLIC_URL) throw invalid('PUBLIC_URL', 'required when NODE_ENV is production');
  requirePair(values, 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY');
  requirePair(values, 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET');
  // Tiles without their credit line break most tile servers' terms; a credit without tiles means a mistake.
  requirePair(values, 'MAP_TILE_URL', 'MAP_ATTRIBUTION');
  requireS3Group(values);
  requireWeatherPair(values);
  const PAYMENTS_GATEWAY = paymentsGateway(values);
  const { DEMO_MODE, SEED_CATALOG, PUBLIC_URL, TRUST_PROXY, ...rest } = values;
  const demoMode = DEMO_MODE ?? rest.NODE_ENV !== 'production';
  return {
    ...rest,
    DEMO_MODE: demoMode,
    SEED_CATALOG: SEED_CATALOG ?? demoMode,
    PUBLIC_URL: new URL(PUBLIC_URL ?? `http://localhost:${rest.PORT}`).origin,
    TRUST_PROXY: TRUST_PROXY ?? false,
    PAYMENTS_GATEWAY,
  };
}

/**
 * Whether the local outbox (GET /api/demo/outbox, the /demo/outbox page) may be shown: demo mode, and never a
 * production server even one started with DEMO_MODE on, since the outbox holds every reader's single-use links
 * (password resets included).
 */
export const isDemoOutboxOpen = (config: Pick<Config, 'DEMO_MODE' | 'NODE_ENV'>): boolean =>
  config.DEMO_MODE && config.NODE_ENV !== 'production';
