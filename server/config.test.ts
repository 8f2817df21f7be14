import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** A real VAPID pair, as web-push's generate-vapid-keys makes it: the raw P-256 point and scalar in base64url. */
function vapidPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  expect(publicKey.export({ format: 'jwk' }).x).toBe(jwk.x);
  return { VAPID_PUBLIC_KEY: point.toString('base64url'), VAPID_PRIVATE_KEY: jwk.d! };
}

describe('loadConfig', () => {
  it('has defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './.data', DEMO_MODE: true, ADMIN_EMAILS: [] });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('turns demo mode off in production unless asked', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://glossly.example', PAYMENTS_GATEWAY: 'test' };
    expect(loadConfig(production).DEMO_MODE).toBe(false);
    expect(loadConfig({ ...production, DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
  });

  it('reads admin emails as a lower-cased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: 'Boss@Example.com, ops@example.com' }).ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('requires PUBLIC_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^Invalid environment variable PUBLIC_URL: /);
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://glossly.example' };

  it('refuses half a Stripe configuration instead of falling back to the test gateway', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      'Invalid environment variable STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set',
    );
    expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(
      'Invalid environment variable STRIPE_SECRET_KEY: required when STRIPE_PUBLISHABLE_KEY is set',
    );
    expect(() => loadConfig({ PAYMENTS_GATEWAY: 'stripe' })).toThrow(/^Invalid environment variable STRIPE_SECRET_KEY: /);
    expect(() => loadConfig({ PAYMENTS_GATEWAY: 'test', STRIPE_SECRET_KEY: 'sk_1', STRIPE_PUBLISHABLE_KEY: 'pk_1' })).toThrow(
      /^Invalid environment variable PAYMENTS_GATEWAY: /,
    );
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_1', STRIPE_PUBLISHABLE_KEY: 'pk_1' }).PAYMENTS_GATEWAY).toBe('stripe');
    expect(loadConfig({}).PAYMENTS_GATEWAY).toBe('test');
  });

  it('refuses the test gateway in production unless PAYMENTS_GATEWAY=test says so, and Stripe without its webhook secret', () => {
    expect(() => loadConfig(production)).toThrow(/^Invalid environment variable PAYMENTS_GATEWAY: /);
    expect(loadConfig({ ...production, PAYMENTS_GATEWAY: 'test' }).PAYMENTS_GATEWAY).toBe('test');
    const stripe = { ...production, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' };
    expect(() => loadConfig(stripe)).toThrow(/^Invalid environment variable STRIPE_WEBHOOK_SECRET: /);
    expect(loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: 'whsec_1' }).PAYMENTS_GATEWAY).toBe('stripe');
  });

  it('has no well-known test gateway secret and refuses a short one', () => {
    expect(loadConfig({}).TEST_GATEWAY_WEBHOOK_SECRET).toBeUndefined();
    expect(() => loadConfig({ TEST_GATEWAY_WEBHOOK_SECRET: 'short' })).toThrow(
      /^Invalid environment variable TEST_GATEWAY_WEBHOOK_SECRET: /,
    );
  });

  it('takes the public origin from configuration only, localhost by default', () => {
    expect(loadConfig({ PORT: '4000' }).PUBLIC_URL).toBe('http://localhost:4000');
    expect(loadConfig({ PUBLIC_URL: 'https://glossly.example/' }).PUBLIC_URL).toBe('https://glossly.example');
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).PUBLIC_URL).toBe('http://127.0.0.1:3000');
  });

  it('refuses a PUBLIC_URL with a path, a query or credentials, or one that is not http(s)', () => {
    // Links are PUBLIC_URL + a path: https://glossly.example/app would send readers to /bookings, outside the app.
    for (const value of [
      'https://glossly.example/app',
      'https://glossly.example/app/',
      'https://glossly.example/?x=1',
      'https://a:b@glossly.example',
      'ftp://glossly.example',
      'glossly.example',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(/^Invalid environment variable PUBLIC_URL: [^\n]+$/);
    }
  });

  it('refuses ADMIN_EMAILS that are not email addresses separated by commas', () => {
    expect(loadConfig({ ADMIN_EMAILS: ' boss@example.com ,' }).ADMIN_EMAILS).toEqual(['boss@example.com']);
    for (const value of ['boss@example.com; ops@example.com', 'boss', 'boss@example.com ops@example.com']) {
      expect(() => loadConfig({ ADMIN_EMAILS: value }), value).toThrow(
        /^Invalid environment variable ADMIN_EMAILS: must be email addresses separated by commas/,
      );
    }
  });

  it('takes VAPID keys only when they decode to a P-256 pair', () => {
    const pair = vapidPair();
    expect(loadConfig(pair)).toMatchObject(pair);
    const point = Buffer.from(pair.VAPID_PUBLIC_KEY, 'base64url');
    const wrong = {
      'compressed point': point.subarray(0, 33).toString('base64url'),
      'standard base64': point.toString('base64'),
      'first byte not 0x04': Buffer.concat([Buffer.from([5]), point.subarray(1)]).toString('base64url'),
      'a long random string': 'x'.repeat(90),
    };
    for (const [name, value] of Object.entries(wrong)) {
      expect(() => loadConfig({ ...pair, VAPID_PUBLIC_KEY: value }), name).toThrow(
        /^Invalid environment variable VAPID_PUBLIC_KEY: must be a URL-safe base64 P-256 public key/,
      );
    }
    for (const value of [pair.VAPID_PRIVATE_KEY.slice(0, 40), `${pair.VAPID_PRIVATE_KEY}AAAA`, pair.VAPID_PUBLIC_KEY]) {
      expect(() => loadConfig({ ...pair, VAPID_PRIVATE_KEY: value })).toThrow(
        /^Invalid environment variable VAPID_PRIVATE_KEY: must be a URL-safe base64 P-256 private key/,
      );
    }
  });

  it('takes an OpenID Connect issuer over https, or http on this machine only', () => {
    expect(loadConfig({}).OIDC_ISSUER).toBe('https://accounts.google.com');
    expect(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:8080/realms/test' }).OIDC_ISSUER).toBe('http://127.0.0.1:8080/realms/test');
    expect(loadConfig({ OIDC_ISSUER: 'http://localhost:8080' }).OIDC_ISSUER).toBe('http://localhost:8080');
    for (const value of [
      'http://accounts.example.com',
      'http://127.0.0.1.example.com',
      'ftp://accounts.example.com',
      'accounts.google.com',
    ]) {
      expect(() => loadConfig({ OIDC_ISSUER: value }), value).toThrow(
        /^Invalid environment variable OIDC_ISSUER: must be an https:\/\/ address/,
      );
    }
  });

  it('trusts no proxy by default, else a hop count or a list of addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
  });

  it('refuses half an OpenID Connect client', () => {
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'glossly' })).toThrow(
      'Invalid environment variable OIDC_CLIENT_SECRET: required when OIDC_CLIENT_ID is set',
    );
  });

  it('takes S3 storage all or none, naming the first missing variable in one line', () => {
    const s3 = {
      S3_BUCKET: 'glossly-images',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(s3)).toMatchObject({ S3_BUCKET: 'glossly-images', S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(loadConfig(s3).S3_REGION).toBeUndefined();
    expect(loadConfig({ ...s3, S3_REGION: 'eu-west-1' }).S3_REGION).toBe('eu-west-1');
    expect(loadConfig({}).S3_BUCKET).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: 'glossly-images' })).toThrow(
      /^Invalid environment variable S3_ENDPOINT: required when S3_BUCKET is set/,
    );
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(
      /^Invalid environment variable S3_SECRET_ACCESS_KEY: required when S3_BUCKET/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: undefined })).toThrow(
      /^Invalid environment variable S3_BUCKET: required when S3_ENDPOINT is set/,
    );
    expect(() => loadConfig({ S3_REGION: 'us-east-1' })).toThrow(/^Invalid environment variable S3_BUCKET: required when S3_REGION is set/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(/^Invalid environment variable S3_ENDPOINT: /);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/^Invalid environment variable S3_BUCKET: /);
    for (const variable of Object.keys(s3)) {
      expect(() => loadConfig({ ...s3, [variable]: undefined })).toThrow(new RegExp(`^Invalid environment variable ${variable}: [^\n]+$`));
    }
  });

  it('takes the built-in forecasts by default and Open-Meteo only with its address, refusing half of it', () => {
    expect(loadConfig({}).WEATHER_PROVIDER).toBe('builtin');
    expect(loadConfig({}).OPEN_METEO_URL).toBeUndefined();
    expect(loadConfig({ WEATHER_PROVIDER: 'open-meteo', OPEN_METEO_URL: 'https://api.open-meteo.com/' })).toMatchObject({
      WEATHER_PROVIDER: 'open-meteo',
      OPEN_METEO_URL: 'https://api.open-meteo.com',
    });
    expect(() => loadConfig({ WEATHER_PROVIDER: 'open-meteo' })).toThrow(
      /^Invalid environment variable OPEN_METEO_URL: required when WEATHER_PROVIDER is open-meteo/,
    );
    expect(() => loadConfig({ OPEN_METEO_URL: 'https://api.open-meteo.com' })).toThrow(
      /^Invalid environment variable WEATHER_PROVIDER: must be open-meteo/,
    );
    expect(() => loadConfig({ WEATHER_PROVIDER: 'nws' })).toThrow(/^Invalid environment variable WEATHER_PROVIDER: /);
    expect(() => loadConfig({ WEATHER_PROVIDER: 'open-meteo', OPEN_METEO_URL: 'ftp://x' })).toThrow(
      /^Invalid environment variable OPEN_METEO_URL: /,
    );
  });

  it("pushes to the browsers' push services only, unless told which hosts", () => {
    expect(loadConfig({}).PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      'web.push.apple.com',
      '*.notify.windows.com',
    ]);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: ' Push.Example.com , *.push.example ' }).PUSH_SERVICE_HOSTS).toEqual([
      'push.example.com',
      '*.push.example',
    ]);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://push.example.com/' })).toThrow(
      /^Invalid environment variable PUSH_SERVICE_HOSTS: /,
    );
  });

  it('seeds the sample catalog only in demo mode unless asked', () => {
    expect(loadConfig({}).SEED_CATALOG).toBe(true);
    expect(loadConfig({ ...production, PAYMENTS_GATEWAY: 'test' }).SEED_CATALOG).toBe(false);
    expect(loadConfig({ ...production, PAYMENTS_GATEWAY: 'test', SEED_CATALOG: 'true' }).SEED_CATALOG).toBe(true);
  });
});
