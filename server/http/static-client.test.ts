import { describe, expect, it } from 'vitest';
import { acceptsEncoding } from './static-client.ts';

describe('acceptsEncoding', () => {
  it('takes an encoding the browser names, with or without a weight', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, deflate, br', 'gzip')).toBe(true);
    expect(acceptsEncoding('br;q=0.5, gzip;q=1.0', 'br')).toBe(true);
    expect(acceptsEncoding('GZIP', 'gzip')).toBe(true);
  });

  it('refuses one weighted zero or not named, and never reads a name inside another', () => {
    expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('br ; q=0', 'br')).toBe(false);
    expect(acceptsEncoding('gzip', 'br')).toBe(false);
    expect(acceptsEncoding('', 'gzip')).toBe(false);
    expect(acceptsEncoding('x-gzip-like', 'gzip')).toBe(false);
  });

  it('lets its own entry win over the wildcard, which covers the others', () => {
    expect(acceptsEncoding('*', 'br')).toBe(true);
    expect(acceptsEncoding('br;q=0, *', 'br')).toBe(false);
    expect(acceptsEncoding('gzip, *;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('gzip, *;q=0', 'gzip')).toBe(true);
  });
});
