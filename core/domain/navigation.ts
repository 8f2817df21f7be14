import { isAdmin, isCustomer, isDetailer, type Role } from './roles';

export const productName = 'Glossly';

export type NavItem = {
  key: string;
  label: string;
  href: string;
  disabled?: boolean;
};

/** Drops the query string, hash and trailing slashes so '/bookings/?tab=1' reads as '/bookings'. */
export function normalizePath(path: string): string {
  const withoutQuery = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = withoutQuery.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** True for the route itself and its sub-paths, by whole segments: '/subscribe' does not match '/subscription-plans'. */
function isWithin(path: string, route: string): boolean {
  return path === route || path.startsWith(`${route}/`);
}

// The booking page route is /booking/:id?, so '/booking' on its own is a booking page too.
const isBookingPage = (path: string): boolean => isWithin(path, '/booking');
const isServicePage = (path: string): boolean =>
  path.startsWith('/services/') || path.startsWith('/service/');

const exactTitles: Readonly<Record<string, string>> = {
  '/': 'Home',
  '/bookings': 'My Bookings',
  '/messages': 'Messages',
  '/profile': 'Profile',
  '/subscription-plans': 'Subscription Plans',
  '/account/subscription': 'My Subscription',
  '/admin/subscription-plans': 'Manage Plans',
  '/referrals': 'My Referrals',
};

export function headerTitle(path: string): string {
  const current = normalizePath(path);
  const exact = exactTitles[current];
  if (exact !== undefined) return exact;
  if (isBookingPage(current)) return 'Booking Details';
  if (current.startsWith('/services/')) return 'Service Details';
  return productName;
}

const pagesWithoutBackButton: ReadonlySet<string> = new Set([
  '/',
  '/bookings',
  '/messages',
  '/profile',
  '/login',
]);

export function showsBackButton(path: string): boolean {
  return !pagesWithoutBackButton.has(normalizePath(path));
}

export function backTarget(path: string): string {
  const current = normalizePath(path);
  if (isServicePage(current)) return '/';
  if (isBookingPage(current)) return '/bookings';
  return '/';
}

const pagesWithoutBottomNav = [
  '/booking',
  '/checkout',
  '/payment-success',
  '/subscribe',
  '/test-weather-notifications',
] as const;

export function hidesBottomNav(path: string): boolean {
  const current = normalizePath(path);
  return pagesWithoutBottomNav.some((route) => isWithin(current, route));
}

const navItems = {
  home: { key: 'home', label: 'Home', href: '/' },
  bookings: { key: 'bookings', label: 'Bookings', href: '/bookings' },
  messages: { key: 'messages', label: 'Messages', href: '/messages' },
  smartBook: { key: 'smart-book', label: 'Smart Book', href: '/smart-booking' },
  track: { key: 'track', label: 'Track', href: '/track-provider' },
  myCars: { key: 'my-cars', label: 'My Cars', href: '/garage' },
  profile: { key: 'profile', label: 'Profile', href: '/profile' },
  admin: { key: 'admin', label: 'Admin', href: '/admin/subscription-plans' },
  location: { key: 'location', label: 'Location', href: '/detailer/location-sharing' },
  availability: { key: 'availability', label: 'Availability', href: '/detailer/availability' },
  login: { key: 'login', label: 'Login', href: '/login' },
} as const satisfies Record<string, NavItem>;

/** The bottom navigation for a role (null when signed out), in display order. */
export function bottomNavItems(role: Role | null, path: string): NavItem[] {
  if (role === null) {
    return [
      { ...navItems.home, disabled: true },
      { ...navItems.bookings, disabled: true },
      { ...navItems.messages, disabled: true },
      { ...navItems.smartBook },
      { ...navItems.login },
    ];
  }

  const onGarage = normalizePath(path) === '/garage';
  const entries: Array<[NavItem, boolean]> = [
    [navItems.home, true],
    [navItems.bookings, true],
    [navItems.messages, true],
    [navItems.smartBook, !isDetailer(role)],
    [navItems.track, isCustomer(role)],
    [navItems.myCars, isCustomer(role) && onGarage],
    [navItems.profile, true],
    [navItems.admin, isAdmin(role)],
    [navItems.location, isDetailer(role)],
    [navItems.availability, isDetailer(role)],
  ];
  return entries.filter(([, isShown]) => isShown).map(([item]) => ({ ...item }));
}

/** Home is active only on '/'; other items on their route and its sub-paths ('/bookings' is not active on '/booking/7'). */
export function isNavItemActive(item: Pick<NavItem, 'href'>, path: string): boolean {
  const current = normalizePath(path);
  const target = normalizePath(item.href);
  if (target === '/') return current === '/';
  return isWithin(current, target);
}
