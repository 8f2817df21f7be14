import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnTo } from './return-to.ts';

describe('return to after sign-in', () => {
  it('round-trips a path of the app', () => {
    const login = loginPathFor('/booking/1?serviceId=2');
    expect(login).toBe('/login?next=%2Fbooking%2F1%3FserviceId%3D2');
    expect(safeReturnTo(login.slice(login.indexOf('?')))).toBe('/booking/1?serviceId=2');
  });

  it('sends anything else home', () => {
    expect(safeReturnTo('')).toBe('/');
    expect(safeReturnTo('?next=https://evil.example')).toBe('/');
    expect(safeReturnTo('?next=//evil.example')).toBe('/');
    expect(safeReturnTo('?next=/\\evil.example')).toBe('/');
    expect(safeReturnTo('?next=/login')).toBe('/');
  });
});
