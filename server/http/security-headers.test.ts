import { describe, expect, it } from 'vitest';
import { tileImageSource } from './security-headers.ts';

describe('tileImageSource', () => {
  it('allows nothing more without tiles or with tiles of our own', () => {
    expect(tileImageSource(undefined)).toBeNull();
    expect(tileImageSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });

  it("allows the tile server's origin, port included", () => {
    expect(tileImageSource('https://tiles.example.com/{z}/{x}/{y}.png')).toBe('https://tiles.example.com');
    expect(tileImageSource('http://127.0.0.1:8080/styles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:8080');
  });

  it('turns a {s} subdomain into a one-level wildcard of the same site', () => {
    expect(tileImageSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
  });
});
