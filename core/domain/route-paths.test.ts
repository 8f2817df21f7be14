import { describe, expect, it } from 'vitest';
import { routePathPattern } from './route-paths.ts';

describe('routePathPattern', () => {
  it('matches the root alone', () => {
    expect(routePathPattern('/').test('/')).toBe(true);
    expect(routePathPattern('/').test('/login')).toBe(false);
  });

  it('takes one segment for a parameter, none or one for an optional one', () => {
    const service = routePathPattern('/services/:id');
    expect(service.test('/services/7')).toBe(true);
    expect(service.test('/services/7/')).toBe(true);
    expect(service.test('/services')).toBe(false);
    expect(service.test('/services/7/extra')).toBe(false);
    const booking = routePathPattern('/booking/:id?');
    expect(booking.test('/booking')).toBe(true);
    expect(booking.test('/booking/1')).toBe(true);
    expect(booking.test('/booking/confirmed/4')).toBe(false);
  });

  it('reads the rest of a path literally', () => {
    expect(routePathPattern('/admin/marketing/promo-codes/new').test('/admin/marketing/promo-codes/new')).toBe(true);
    expect(routePathPattern('/a.b').test('/aXb')).toBe(false);
  });
});
