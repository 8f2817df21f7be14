// The build draws these pages in Node, without a browser: so does this test.
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { drawFirstScreen, prerenderVisitorPage, sendApiRequestsThrough } from './prerender.tsx';
import { isDrawnForVisitors, routeTable } from './route-table.ts';
import { basicExteriorWash } from '../../../tests/factories/catalog-fixtures.ts';

describe("the build's drawing of a visitor's first screen", () => {
  it('draws the login page whole, its controls ready: a tap before the app is live is kept, not refused', async () => {
    const markup = await prerenderVisitorPage('/login');
    expect(markup).not.toMatch(/^<fieldset/);
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

  it('draws a page with the data its queries ask for, through the transport the server gives, and only reads', async () => {
    const asked: string[] = [];
    sendApiRequestsThrough(async (url, init) => {
      asked.push(`${init.method} ${url}`);
      if (url === '/api/services/7') return Response.json({ ...basicExteriorWash, id: 7, name: 'Drawn Interior Detail' });
      if (url === '/api/detailers?serviceId=7') return Response.json([]);
      return Response.json({ message: 'Not here' }, { status: 404 });
    });
    try {
      const screen = await drawFirstScreen({ path: '/services/7', user: null }, { withData: true });
      expect(screen.markup).toContain('Drawn Interior Detail');
      expect(screen.redirectTo).toBeNull();
      expect(asked).toContain('GET /api/services/7');
      expect(asked.every((request) => request.startsWith('GET '))).toBe(true);
      // What it drew with goes to the app, bar what failed.
      const keys = screen.data.queries.map((query) => query.queryKey);
      expect(keys).toContainEqual(['/api/services', 7]);
      expect(screen.data.queries.every((query) => query.state.status === 'success')).toBe(true);
      // Every request answered: the app's first render is this screen.
      expect(screen.hydratable).toBe(true);
      const missing = await drawFirstScreen({ path: '/services/8', user: null }, { withData: true });
      expect(asked).toContain('GET /api/services/8');
      // A failed request's answer does not travel with the page: the app would show that part otherwise at first.
      expect(missing.hydratable).toBe(false);
    } finally {
      sendApiRequestsThrough((url, init) => fetch(url, init));
    }
  });

  it('gives where a guarded page sends a visitor, instead of drawing it', async () => {
    const screen = await drawFirstScreen({ path: '/bookings', search: 'status=accepted', user: null }, { withData: true });
    expect(screen.redirectTo).toMatch(/^\/login\?/);
    expect(decodeURIComponent(screen.redirectTo!)).toContain('/bookings?status=accepted');
  });

  it('draws only pages a visitor may open whose URL has no id', () => {
    const drawn = routeTable.filter(isDrawnForVisitors).map((route) => route.path);
    expect(drawn).toEqual(expect.arrayContaining(['/', '/login', '/help-support']));
    expect(drawn.filter((path) => path.includes(':'))).toEqual([]);
    for (const guarded of ['/bookings', '/checkout', '/profile', '/garage', '/admin']) expect(drawn).not.toContain(guarded);
  });
});
