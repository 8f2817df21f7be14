import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

// Every setting Glossly reads, with the defaults of the embedded mode. README.md documents each one.
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_EMAILS: z.string().default(''),
  DEMO_MODE: booleanFlag.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Glossly <no-reply@glossly.local>'),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  TEST_GATEWAY_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').default('whsec_glossly_test_gateway_dev'),
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,}$/, 'must be a URL-safe base64 P-256 public key').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,}$/, 'must be a URL-safe base64 P-256 private key').optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:)/, 'must start with mailto: or https:').default('mailto:support@glossly.local'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof configSchema>, 'DEMO_MODE' | 'ADMIN_EMAILS'> & {
  DEMO_MODE: boolean;
  ADMIN_EMAILS: string[];
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a one-line message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = configSchema.safeParse(defined);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`);
  }
  const { DEMO_MODE, ADMIN_EMAILS, ...rest } = parsed.data;
  // Emailed links and the sign-in redirect must not be built from a Host header a visitor chooses.
  if (rest.NODE_ENV === 'production' && !rest.PUBLIC_URL) {
    throw new ConfigError('Invalid environment variable PUBLIC_URL: required when NODE_ENV is production');
  }
  if (Boolean(rest.VAPID_PUBLIC_KEY) !== Boolean(rest.VAPID_PRIVATE_KEY)) {
    const missing = rest.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    throw new ConfigError(`Invalid environment variable ${missing}: required when the other VAPID key is set`);
  }
  return {
    ...rest,
    DEMO_MODE: DEMO_MODE ?? rest.NODE_ENV !== 'production',
    ADMIN_EMAILS: ADMIN_EMAILS.split(',').map((email) => email.trim().toLowerCase()).filter(Boolean),
  };
}
