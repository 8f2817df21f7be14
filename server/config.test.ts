import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has defaults for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './.data', DEMO_MODE: true, ADMIN_EMAILS: [] });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('turns demo mode off in production unless asked', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://glossly.example' };
    expect(loadConfig(production).DEMO_MODE).toBe(false);
    expect(loadConfig({ ...production, DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
  });

  it('reads admin emails as a lower-cased list', () => {
    expect(loadConfig({ ADMIN_EMAILS: 'Boss@Example.com, ops@example.com' }).ADMIN_EMAILS).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });

  it('requires PUBLIC_URL in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/^Invalid environment variable PUBLIC_URL: /);
  });

  it('names the variable of a bad value in one line', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/^Invalid environment variable PORT: /);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
