import { describe, it, expect } from 'vitest';
import {
  backTarget,
  bottomNavItems,
  headerTitle,
  hidesBottomNav,
  bookingsPathFor,
  homePathFor,
  isNavItemActive,
  landingPath,
  normalizePath,
  productName,
  roleRedirect,
  showsBackButton,
  type NavItem,
} from './navigation';

const labels = (items: NavItem[]) => items.map((item) => item.label);
const disabledFlags = (items: NavItem[]) => items.map((item) => item.disabled ?? false);

describe('normalizePath', () => {
  it.each([
    ['/', '/'],
    ['', '/'],
    ['/bookings/', '/bookings'],
    ['/bookings?tab=past', '/bookings'],
    ['/booking/7/?step=2#top', '/booking/7'],
    ['/?ref=abc', '/'],
  ])('%j becomes %j', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });
});

describe('headerTitle', () => {
  it('uses Glossly as the product name', () => {
    expect(productName).toBe('Glossly');
  });

  it.each([
    ['/', 'Home'],
    ['/bookings', 'My Bookings'],
    ['/booking', 'Booking Details'],
    ['/booking/12', 'Booking Details'],
    ['/bookings/12', 'Booking Details'],
    ['/messages', 'Messages'],
    ['/profile', 'Profile'],
    ['/subscription-plans', 'Subscription Plans'],
    ['/account/subscription', 'My Subscription'],
    ['/admin/subscription-plans', 'Manage Plans'],
    ['/referrals', 'My Referrals'],
    ['/smart-booking', 'Smart Book'],
    ['/admin', 'Admin'],
    ['/admin/users', 'Users'],
    ['/admin/services', 'Services'],
    ['/admin/bookings', 'Bookings'],
    ['/admin/messages', 'Messages'],
    ['/admin/settings', 'Settings'],
    ['/admin/marketing/promo-codes/new', 'New promo code'],
    ['/detailer/marketing', 'Marketing'],
    ['/services/3', 'Service Details'],
    ['/bookings/12/receipt', 'Receipt'],
    ['/reviews/7', 'Review'],
    ['/reviews/booking-7', 'Review'],
    ['/detailer/services', 'My services'],
    ['/detailer/manage-services', 'Manage services'],
    ['/business', 'Business'],
    ['/business/dashboard', 'Business dashboard'],
    ['/garage', 'Glossly'],
    ['/checkout', 'Glossly'],
    ['/detailer/availability', 'Glossly'],
    ['/unknown-page', 'Glossly'],
  ])('%s shows %j', (path, title) => {
    expect(headerTitle(path)).toBe(title);
  });

  it.each([
    ['/bookings/', 'My Bookings'],
    ['/profile?edit=1', 'Profile'],
    ['/booking?serviceId=1&detailerId=2', 'Booking Details'],
    ['/services/3/', 'Service Details'],
    ['/?welcome=1', 'Home'],
  ])('ignores query strings and trailing slashes: %s shows %j', (path, title) => {
    expect(headerTitle(path)).toBe(title);
  });
});

describe('showsBackButton', () => {
  it.each(['/', '/bookings', '/messages', '/profile', '/login', '/bookings/', '/profile?x=1'])('hides the back button on %s', (path) => {
    expect(showsBackButton(path)).toBe(false);
  });

  it.each([
    '/booking/5',
    '/services/3',
    '/checkout',
    '/garage',
    '/subscription-plans',
    '/admin/subscription-plans',
    '/detailer/availability',
  ])('shows the back button on %s', (path) => {
    expect(showsBackButton(path)).toBe(true);
  });
});

describe('backTarget', () => {
  it.each([
    ['/services/3', '/'],
    ['/service/3', '/'],
    ['/booking/5', '/bookings'],
    ['/booking/5?step=2', '/bookings'],
    ['/booking', '/bookings'],
    ['/checkout', '/'],
    ['/garage', '/'],
    ['/bookings', '/'],
    ['/subscription-plans', '/'],
    ['/bookings/12/receipt', '/bookings/12'],
    ['/bookings/12', '/bookings'],
    ['/job-progress/12', '/bookings/12'],
    ['/detailer/manage-services?id=4', '/detailer/services'],
  ])('goes back from %s to %s', (path, target) => {
    expect(backTarget(path)).toBe(target);
  });

  it("goes back from a booking's page to the bookings list for every role, not to the role's home", () => {
    for (const role of ['customer', 'detailer', 'admin'] as const) expect(backTarget('/bookings/12', role)).toBe('/bookings');
  });
});

describe("the role's home", () => {
  it.each([
    ['customer', '/'],
    ['admin', '/admin'],
    [null, '/'],
    ['detailer', '/detailer'],
  ] as const)('%s has its Home at %s', (role, path) => {
    expect(homePathFor(role)).toBe(path);
  });

  it("hides the back button on a detailer's dashboard only for the detailer", () => {
    expect(showsBackButton('/detailer', 'detailer')).toBe(false);
    expect(showsBackButton('/detailer/', 'detailer')).toBe(false);
    expect(showsBackButton('/detailer', 'admin')).toBe(true);
    expect(showsBackButton('/detailer')).toBe(true);
    expect(showsBackButton('/detailer/availability', 'detailer')).toBe(true);
    expect(showsBackButton('/', 'detailer')).toBe(false);
  });

  it('sends a detailer back to the dashboard where the spec goes back to /', () => {
    expect(backTarget('/detailer/availability', 'detailer')).toBe('/detailer');
    expect(backTarget('/garage', 'detailer')).toBe('/detailer');
    expect(backTarget('/detailer/availability', 'admin')).toBe('/admin');
    expect(backTarget('/services/3', 'detailer')).toBe('/');
    expect(backTarget('/booking/5', 'detailer')).toBe('/bookings');
  });

  it("sends a detailer and an admin from a customer's page to their own, and never a customer", () => {
    expect(roleRedirect('detailer', '/')).toBe('/detailer');
    expect(roleRedirect('detailer', '/?ref=1')).toBe('/detailer');
    expect(roleRedirect('detailer', '/bookings')).toBe('/detailer/bookings');
    expect(roleRedirect('detailer', '/track-provider')).toBe('/detailer/location-sharing');
    expect(roleRedirect('detailer', '/checkout?bookingId=3')).toBe('/detailer/bookings');
    expect(roleRedirect('detailer', '/detailers')).toBeNull();
    expect(roleRedirect('detailer', '/bookings/12')).toBeNull();
    expect(roleRedirect('admin', '/')).toBe('/admin');
    expect(roleRedirect('admin', '/bookings')).toBe('/admin/bookings');
    expect(roleRedirect('admin', '/detailer/dashboard')).toBe('/admin');
    expect(roleRedirect('admin', '/admin')).toBeNull();
    for (const path of ['/', '/bookings', '/track-provider', '/detailer']) expect(roleRedirect('customer', path)).toBeNull();
    expect(roleRedirect(null, '/')).toBeNull();
  });

  it('never sends a role to a page that sends it on again', () => {
    const paths = [
      '/',
      '/bookings',
      '/track-provider',
      '/checkout',
      '/detailer',
      '/detailer/bookings',
      '/business',
      '/admin',
      '/admin/bookings',
    ];
    for (const role of ['customer', 'detailer', 'admin'] as const) {
      for (const path of paths) {
        const target = roleRedirect(role, path);
        if (target !== null) expect(roleRedirect(role, target), `${role} ${path} -> ${target}`).toBeNull();
      }
      expect(roleRedirect(role, homePathFor(role))).toBeNull();
      expect(roleRedirect(role, bookingsPathFor(role))).toBeNull();
    }
  });
});

describe('landingPath', () => {
  it.each([
    ['customer', '/'],
    ['detailer', '/detailer'],
    ['admin', '/admin'],
  ] as const)('signs a %s in to %s', (role, path) => {
    expect(landingPath(role)).toBe(path);
    expect(landingPath(role, null)).toBe(path);
    expect(landingPath(role, '/')).toBe(path);
  });

  it.each(['customer', 'detailer', 'admin'] as const)('lets a return-to target win for a %s', (role) => {
    expect(landingPath(role, '/checkout?bookingId=4')).toBe('/checkout?bookingId=4');
    expect(landingPath(role, '/booking/2')).toBe('/booking/2');
  });
});

describe('hidesBottomNav', () => {
  it.each([
    '/booking',
    '/booking/5',
    '/booking?serviceId=1&detailerId=2',
    '/checkout',
    '/checkout/',
    '/payment-success',
    '/payment-success?id=pi_1',
    '/subscribe',
    '/subscribe/premium',
    '/test-weather-notifications',
  ])('hides the bottom nav on %s', (path) => {
    expect(hidesBottomNav(path)).toBe(true);
  });

  it.each(['/', '/bookings', '/bookings/5', '/subscription-plans', '/quick-checkout/4', '/services/3', '/profile'])(
    'keeps the bottom nav on %s',
    (path) => {
      expect(hidesBottomNav(path)).toBe(false);
    },
  );
});

describe('bottomNavItems', () => {
  it('gives a customer on the home screen Smart Book and Track but not My Cars', () => {
    const items = bottomNavItems('customer', '/');
    expect(labels(items)).toEqual(['Home', 'Bookings', 'Messages', 'Smart Book', 'Track', 'Profile']);
    expect(disabledFlags(items)).toEqual([false, false, false, false, false, false]);
  });

  it('adds My Cars for a customer while on /garage', () => {
    const items = bottomNavItems('customer', '/garage');
    expect(labels(items)).toEqual(['Home', 'Bookings', 'Messages', 'Smart Book', 'Track', 'My Cars', 'Profile']);
    expect(items.find((item) => item.label === 'My Cars')?.href).toBe('/garage');
    expect(disabledFlags(items).every((flag) => !flag)).toBe(true);
  });

  it('gives a detailer Location and Availability, without Smart Book, Track or My Cars, and Home is the dashboard', () => {
    const items = bottomNavItems('detailer', '/garage');
    expect(labels(items)).toEqual(['Home', 'Bookings', 'Messages', 'Profile', 'Location', 'Availability']);
    expect(items.map((item) => item.href)).toEqual([
      '/detailer',
      '/detailer/bookings',
      '/messages',
      '/profile',
      '/detailer/location-sharing',
      '/detailer/availability',
    ]);
    expect(disabledFlags(items).every((flag) => !flag)).toBe(true);
  });

  it('gives an admin Smart Book and the Admin tab, without Track or My Cars', () => {
    const items = bottomNavItems('admin', '/garage');
    expect(labels(items)).toEqual(['Home', 'Bookings', 'Messages', 'Smart Book', 'Profile', 'Admin']);
    expect(items.find((item) => item.label === 'Admin')?.href).toBe('/admin/subscription-plans');
    expect(disabledFlags(items).every((flag) => !flag)).toBe(true);
  });

  it('shows a signed-out visitor Home, Bookings and Messages disabled, plus Smart Book and Login', () => {
    const items = bottomNavItems(null, '/');
    expect(labels(items)).toEqual(['Home', 'Bookings', 'Messages', 'Smart Book', 'Login']);
    expect(disabledFlags(items)).toEqual([true, true, true, false, false]);
    expect(items.map((item) => item.href)).toEqual(['/', '/bookings', '/messages', '/smart-booking', '/login']);
  });

  it('uses the spec routes for every signed-in item', () => {
    const hrefs = Object.fromEntries(bottomNavItems('customer', '/garage').map((item) => [item.label, item.href]));
    expect(hrefs).toEqual({
      Home: '/',
      Bookings: '/bookings',
      Messages: '/messages',
      'Smart Book': '/smart-booking',
      Track: '/track-provider',
      'My Cars': '/garage',
      Profile: '/profile',
    });
  });

  it('gives every item a unique key', () => {
    for (const role of ['customer', 'detailer', 'admin', null] as const) {
      const keys = bottomNavItems(role, '/garage').map((item) => item.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});

describe('isNavItemActive', () => {
  const home = { href: '/' };
  const bookings = { href: '/bookings' };
  const messages = { href: '/messages' };

  it('matches Home only on /', () => {
    expect(isNavItemActive(home, '/')).toBe(true);
    expect(isNavItemActive(home, '/?ref=1')).toBe(true);
    expect(isNavItemActive(home, '/bookings')).toBe(false);
  });

  it('matches other items on their route and its sub-paths', () => {
    expect(isNavItemActive(bookings, '/bookings')).toBe(true);
    expect(isNavItemActive(bookings, '/bookings/5')).toBe(true);
    expect(isNavItemActive(messages, '/messages?conversationId=3')).toBe(true);
    expect(isNavItemActive(messages, '/bookings')).toBe(false);
  });

  it("matches a detailer's Home (the dashboard) only on the dashboard, not on the other /detailer pages", () => {
    const detailerHome = bottomNavItems('detailer', '/detailer').find((item) => item.key === 'home')!;
    expect(isNavItemActive(detailerHome, '/detailer')).toBe(true);
    expect(isNavItemActive(detailerHome, '/detailer/availability')).toBe(false);
    expect(isNavItemActive(detailerHome, '/')).toBe(false);
  });

  it('does not mark Bookings active on a /booking page', () => {
    expect(isNavItemActive(bookings, '/booking/5')).toBe(false);
    expect(isNavItemActive(bookings, '/booking')).toBe(false);
  });
});
