import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

// The routing, geocoding and map settings (decision 018): none by default, a bad or half-set value stops start-up.
describe('tracking and map configuration', () => {
  const tiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

  it('sets none of them by default', () => {
    const config = loadConfig({});
    expect([config.ROUTING_URL, config.GEOCODER_URL, config.MAP_TILE_URL, config.MAP_ATTRIBUTION]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('takes service base addresses, without a trailing slash', () => {
    const config = loadConfig({ ROUTING_URL: 'http://127.0.0.1:5000/', GEOCODER_URL: 'https://nominatim.example/geo' });
    expect(config.ROUTING_URL).toBe('http://127.0.0.1:5000');
    expect(config.GEOCODER_URL).toBe('https://nominatim.example/geo');
  });

  it('refuses a service address that is not http(s) or carries a query', () => {
    for (const value of ['router.local:5000', 'ftp://router.local', 'http://', 'https://nominatim.example/?key=1']) {
      expect(() => loadConfig({ ROUTING_URL: value }), value).toThrow(/^Invalid environment variable ROUTING_URL: /);
      expect(() => loadConfig({ GEOCODER_URL: value }), value).toThrow(/^Invalid environment variable GEOCODER_URL: /);
    }
  });

  it('refuses tiles without their credit line, and a credit line without tiles', () => {
    expect(() => loadConfig({ MAP_TILE_URL: tiles })).toThrow(
      'Invalid environment variable MAP_ATTRIBUTION: required when MAP_TILE_URL is set',
    );
    expect(() => loadConfig({ MAP_ATTRIBUTION: '© OpenStreetMap' })).toThrow(
      'Invalid environment variable MAP_TILE_URL: required when MAP_ATTRIBUTION is set',
    );
    const config = loadConfig({ MAP_TILE_URL: tiles, MAP_ATTRIBUTION: ' © OpenStreetMap contributors ' });
    expect([config.MAP_TILE_URL, config.MAP_ATTRIBUTION]).toEqual([tiles, '© OpenStreetMap contributors']);
    expect(loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png', MAP_ATTRIBUTION: 'Our tiles' }).MAP_TILE_URL).toBe(
      '/tiles/{z}/{x}/{y}.png',
    );
  });

  it('refuses a tile address that is not http(s) or a path, or lacks {z}, {x} or {y}', () => {
    const bad = [
      'javascript:alert(1)//{z}{x}{y}',
      '//tiles.example/{z}/{x}/{y}.png',
      'tiles/{z}/{x}/{y}.png',
      'https://tiles.example/{z}/{x}.png',
      'https:// x/{z}/{x}/{y}',
    ];
    for (const value of bad) {
      expect(() => loadConfig({ MAP_TILE_URL: value, MAP_ATTRIBUTION: 'Credit' }), value).toThrow(
        /^Invalid environment variable MAP_TILE_URL: /,
      );
    }
    expect(() => loadConfig({ MAP_TILE_URL: tiles, MAP_ATTRIBUTION: 'x'.repeat(301) })).toThrow(
      /^Invalid environment variable MAP_ATTRIBUTION: /,
    );
  });
});
