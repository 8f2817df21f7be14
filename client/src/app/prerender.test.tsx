// The build draws these pages in Node, without a browser: so does this test.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { prerenderVisitorPage } from './prerender.tsx';
import { isDrawnForVisitors, routeTable } from './route-table.ts';

describe("the build's drawing of a visitor's first screen", () => {
  it('draws the login page whole, every control disabled until the app takes over', async () => {
    const markup = await prerenderVisitorPage('/login');
    expect(markup.startsWith('<fieldset disabled="" class="contents">')).toBe(true);
    expect(markup.endsWith('</fieldset>')).toBe(true);
    expect(markup).toContain('Welcome to Glossly');
    expect(markup).toContain('By continuing, you agree to our');
    expect(markup).toMatch(/<input[^>]*id="[^"]*"[^>]*placeholder="you@example.com"/);
    // The visitor's shell: the bottom menu offers Login, not a profile.
    expect(markup).toContain('>Login</span>');
    expect(markup).not.toContain('Profile');
  });

  it("draws the home page's lists as skeletons: no data is asked for at build time", async () => {
    const markup = await prerenderVisitorPage('/');
    expect(markup).toContain('Welcome to Glossly!');
    expect(markup).toContain('animate-skeleton');
    expect(markup).not.toContain('Sparkle Squad'); // a seeded detailer's name
  });

  it('refuses a page that reads the browser while it draws, rather than shipping the error in the page', async () => {
    // The booking page restores a booking in progress from localStorage: not a page the build can draw.
    await expect(prerenderVisitorPage('/booking')).rejects.toThrow(/Prerendering \/booking failed: .*localStorage is not defined/s);
  });

  it('draws only pages a visitor may open whose URL has no id', () => {
    const drawn = routeTable.filter(isDrawnForVisitors).map((route) => route.path);
    expect(drawn).toEqual(expect.arrayContaining(['/', '/login', '/help-support']));
    expect(drawn.filter((path) => path.includes(':'))).toEqual([]);
    for (const guarded of ['/bookings', '/checkout', '/profile', '/garage', '/admin']) expect(drawn).not.toContain(guarded);
  });
});
