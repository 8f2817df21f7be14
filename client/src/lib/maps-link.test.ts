import { describe, expect, it } from 'vitest';
import { mapsLink, mapsPlatform } from './maps-link.ts';

const pixel = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const ipadOs = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const windows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

describe('mapsPlatform', () => {
  it('tells Android, iPhone and iPad (which says Macintosh but has a touch screen) from a desktop', () => {
    expect(mapsPlatform(pixel)).toBe('android');
    expect(mapsPlatform(iphone)).toBe('ios');
    expect(mapsPlatform(ipadOs, 5)).toBe('ios');
    expect(mapsPlatform(ipadOs, 0)).toBe('other');
    expect(mapsPlatform(windows)).toBe('other');
  });
});

describe('mapsLink', () => {
  const address = '1 Market St, Apt 4 & 5, San Francisco 94105';

  it('opens the maps app of the phone with the whole address, encoded', () => {
    expect(mapsLink(address, 'android')).toBe('geo:0,0?q=1%20Market%20St%2C%20Apt%204%20%26%205%2C%20San%20Francisco%2094105');
    expect(mapsLink(address, 'ios')).toBe(
      'https://maps.apple.com/?daddr=1%20Market%20St%2C%20Apt%204%20%26%205%2C%20San%20Francisco%2094105&dirflg=d',
    );
    expect(mapsLink(address, 'other')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=1%20Market%20St%2C%20Apt%204%20%26%205%2C%20San%20Francisco%2094105',
    );
  });

  it('cannot be turned into another link by the address: no raw &, # or ? reaches the URL', () => {
    const link = new URL(mapsLink('1 Main St#x?q=evil&dirflg=w', 'ios'));
    expect(link.hostname).toBe('maps.apple.com');
    expect(link.searchParams.get('daddr')).toBe('1 Main St#x?q=evil&dirflg=w');
    expect(link.searchParams.get('dirflg')).toBe('d');
    expect(link.hash).toBe('');
  });
});
