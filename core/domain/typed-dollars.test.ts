import { describe, expect, it } from 'vitest';
import { parseDollars } from './typed-dollars.ts';

describe('parseDollars', () => {
  it('reads dollars and cents as typed, with a $ and thousands commas, and refuses anything else', () => {
    expect(parseDollars('20')).toBe(2000);
    expect(parseDollars(' $1,020.5 ')).toBe(102050);
    expect(parseDollars('0.07')).toBe(7);
    for (const text of ['', 'twenty', '20.005', '-5', '1e3']) expect(parseDollars(text)).toBeNull();
  });
});
