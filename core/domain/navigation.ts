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
/** '/bookings/12/receipt': a booking's receipt; its booking's id, or null for any other path. */
function receiptBookingId(path: string): string | null {
  return /^\/bookings\/([^/]+)\/receipt$/.exec(path)?.[1] ?? null;
}
/** '/job-progress/12': a booking's progress; its booking's id, or null for any other path. */
function jobProgressBookingId(path: string): string | null {
  return /^\/job-progress\/([^/]+)$/.exec(path)?.[1] ?? null;
}
/** '/bookings/12': one booking's own page, opened from My Bookings (its receipt is a page below it). */
const isBookingDetailsPage = (path: string): boolean => /^\/bookings\/[^/]+$/.test(path);
const isServicePage = (path: string): boolean => path.startsWith('/services/') || path.startsWith('/service/');

const exactTitles: Readonly<Record<string, string>> = {
  '/': 'Home',
  '/bookings': 'My Bookings',
  '/messages': 'Messages',
  '/profile': 'Profile',
  '/subscription-plans': 'Subscription Plans',
  '/account/subscription': 'My Subscription',
  '/admin/subscription-plans': 'Manage Plans',
  '/referrals': 'My Referrals',
  '/detailer/services': 'My services',
  '/detailer/manage-services': 'Manage services',
  '/business': 'Business',
  '/business/dashboard': 'Business dashboard',
  '/admin/notifications': 'Notifications',
  '/admin/marketing': 'Marketing',
  '/admin/marketing/campaigns': 'Campaigns',
  '/admin/marketing/campaigns/new': 'New campaign',
  '/admin/marketing/audiences': 'Audiences',
  '/admin/marketing/audiences/new': 'New audience',
  '/admin/marketing/promo-codes': 'Promo codes',
  '/admin/marketing/promo-codes/new': 'New promo code',
  // Every page of the admin menu is titled, not only some: moving along the menu, the header follows.
  '/admin': 'Admin',
  '/admin/users': 'Users',
  '/admin/services': 'Services',
  '/admin/bookings': 'Bookings',
  '/admin/messages': 'Messages',
  '/admin/documents': 'Documents',
  '/admin/settings': 'Settings',
  '/detailer/marketing': 'Marketing',
  '/detailer/documents': 'Badges',
  '/detailer/portfolio': 'Portfolio',
  '/smart-booking': 'Smart Book',
  '/subscribe': 'Subscribe',
};

export function headerTitle(path: string): string {
  const current = normalizePath(path);
  const exact = exactTitles[current];
  if (exact !== undefined) return exact;
  if (receiptBookingId(current) !== null) return 'Receipt';
  if (isBookingPage(current) || isBookingDetailsPage(current)) return 'Booking Details';
  if (current.startsWith('/services/')) return 'Service Details';
  if (current.startsWith('/reviews/')) return 'Review';
  if (/^\/admin\/marketing\/campaigns\/\d+\/edit$/.test(current)) return 'Edit campaign';
  if (/^\/admin\/marketing\/campaigns\/\d+$/.test(current)) return 'Campaign';
  return productName;
}

const pagesWithoutBackButton: ReadonlySet<string> = new Set(['/', '/bookings', '/messages', '/profile', '/login']);

/**
 * Where a role's 'Home' is. Detailers work from their job dashboard and admins from the admin overview (the home
 * screen is for booking, which only customers do); customers and visitors use the home screen.
 */
export function homePathFor(role: Role | null): string {
  if (isDetailer(role)) return '/detailer';
  if (isAdmin(role)) return '/admin';
  return '/';
}

/** Where a role's bookings are: a detailer's jobs (with their actions), every booking for an admin, else My Bookings. */
export function bookingsPathFor(role: Role | null): string {
  if (isDetailer(role)) return '/detailer/bookings';
  if (isAdmin(role)) return '/admin/bookings';
  return '/bookings';
}

/**
 * Another role's page opened by a detailer or an admin (a bookmark, a shared link, a typed URL): their own page for
 * the same thing. Each role sees its own app; a customer's words never reach them, nor a page whose data they lack.
 */
const ownPages: Readonly<Record<Exclude<Role, 'customer'>, Readonly<Record<string, string>>>> = {
  detailer: {
    '/': '/detailer',
    '/bookings': '/detailer/bookings',
    // The customer's live map of their detailer: a detailer's side of it is sharing their location.
    '/track-provider': '/detailer/location-sharing',
    // Paying is a customer's; a detailer is paid for their jobs.
    '/checkout': '/detailer/bookings',
  },
  admin: {
    '/': '/admin',
    '/bookings': '/admin/bookings',
    '/track-provider': '/admin/bookings',
    '/checkout': '/admin/bookings',
    // A detailer's own business: an admin has none, and sees every detailer's from the admin pages.
    '/detailer': '/admin',
    '/detailer/dashboard': '/admin',
    '/detailer/bookings': '/admin/bookings',
    '/detailer/services': '/admin/services',
    '/detailer/manage-services': '/admin/services',
    '/detailer/marketing': '/admin/marketing',
    '/detailer/availability': '/admin/users',
    '/detailer/location-sharing': '/admin/bookings',
    '/business': '/admin',
    '/business/dashboard': '/admin',
  },
};

/**
 * Where signing in lands: the return-to target when there is one ('/' counts as none), else the role's own place:
 * the job dashboard for a detailer, the admin overview for an admin, the home screen for a customer.
 */
export function landingPath(role: Role, returnTo?: string | null): string {
  if (returnTo && normalizePath(returnTo) !== '/') return returnTo;
  if (isAdmin(role)) return '/admin';
  return homePathFor(role);
}

/**
 * Where a signed-in role is sent instead of `path`, or null to stay: a detailer opening '/' goes to the dashboard,
 * '/bookings' to their jobs; an admin to the admin pages.
 */
export function roleRedirect(role: Role | null, path: string): string | null {
  if (role === null || role === 'customer') return null;
  return ownPages[role][normalizePath(path)] ?? null;
}

/** The spec's pages without a back button, plus the role's own home (a detailer's dashboard). */
export function showsBackButton(path: string, role: Role | null = null): boolean {
  const current = normalizePath(path);
  return !pagesWithoutBackButton.has(current) && current !== homePathFor(role);
}

/** The spec's back targets; the spec's '/' means the role's home, so a detailer goes back to the dashboard. */
export function backTarget(path: string, role: Role | null = null): string {
  const current = normalizePath(path);
  if (isServicePage(current)) return '/';
  // The service editor goes back to the list it was opened from.
  if (current === '/detailer/manage-services') return '/detailer/services';
  // A receipt and a job's progress are pages below their booking's: back goes to it.
  const bookingOf = receiptBookingId(current) ?? jobProgressBookingId(current);
  if (bookingOf !== null) return `/bookings/${bookingOf}`;
  // A booking's page goes back to the list it was opened from, as the spec's /booking/ pages do.
  if (isBookingPage(current) || isBookingDetailsPage(current)) return '/bookings';
  return homePathFor(role);
}

const pagesWithoutBottomNav = ['/booking', '/checkout', '/payment-success', '/subscribe', '/test-weather-notifications'] as const;

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
    [{ ...navItems.home, href: homePathFor(role) }, true],
    [{ ...navItems.bookings, href: bookingsPathFor(role) }, true],
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

/**
 * Home is active only on its own page ('/', or '/detailer' for a detailer, not on '/detailer/availability'); other
 * items on their route and its sub-paths ('/bookings' is not active on '/booking/7').
 */
export function isNavItemActive(item: Pick<NavItem, 'href'> & { key?: string }, path: string): boolean {
  const current = normalizePath(path);
  const target = normalizePath(item.href);
  if (target === '/' || item.key === navItems.home.key) return current === target;
  return isWithin(current, target);
}
