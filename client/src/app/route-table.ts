import type { Role } from '@core/domain/roles.ts';

/** A page's module under client/src: the router loads it on demand, and the server names its files in the page. */
export type PageModule = `${string}/pages/${string}-page.tsx`;

export type RouteEntry = {
  path: string;
  page: PageModule;
  roles?: readonly Role[];
  signedIn?: boolean;
  /** The admin pages: drawn inside the admin layout, with its menu. */
  adminMenu?: true;
};

const admin = ['admin'] as const;
const detailer = ['detailer', 'admin'] as const;

/**
 * The spec's route list, plus /detailers, /detailers/:id, /bookings/:id, /job-progress/:id and /reset-password.
 * Plain data, without React: routes.tsx turns it into the router, and the build (vite.config.ts) into the list of
 * files each route's page needs, which the server preloads from the page it sends (server/http/static-client.ts).
 */
export const routeTable: RouteEntry[] = [
  { path: '/', page: 'features/home/pages/home-page.tsx' },
  { path: '/login', page: 'features/auth/pages/login-page.tsx' },
  { path: '/simple-login', page: 'features/auth/pages/login-page.tsx' },
  { path: '/demo-login', page: 'features/auth/pages/demo-login-page.tsx' },
  { path: '/forgot-password', page: 'features/auth/pages/forgot-password-page.tsx' },
  { path: '/reset-password', page: 'features/auth/pages/reset-password-page.tsx' },
  { path: '/verify-email', page: 'features/auth/pages/verify-email-page.tsx' },
  { path: '/demo/outbox', page: 'features/auth/pages/demo-outbox-page.tsx' },
  { path: '/confirm-email', page: 'features/account/pages/confirm-email-page.tsx' },
  { path: '/detailers', page: 'features/catalog/pages/detailers-page.tsx' },
  { path: '/detailers/:id', page: 'features/catalog/pages/detailer-page.tsx' },
  { path: '/services/:id', page: 'features/catalog/pages/service-page.tsx' },
  { path: '/service/:serviceId', page: 'features/catalog/pages/service-page.tsx' },
  { path: '/booking/confirmed/:bookingId', page: 'features/booking/pages/booking-confirmed-page.tsx', signedIn: true },
  { path: '/booking/:id?', page: 'features/booking/pages/booking-page.tsx' },
  { path: '/bookings', page: 'features/booking/pages/my-bookings-page.tsx', signedIn: true },
  { path: '/bookings/:id', page: 'features/booking/pages/booking-details-page.tsx', signedIn: true },
  { path: '/bookings/:id/receipt', page: 'features/receipts/pages/receipt-page.tsx', signedIn: true },
  { path: '/job-progress/:id', page: 'features/booking/pages/job-progress-page.tsx', signedIn: true },
  { path: '/reviews/:id', page: 'features/reviews/pages/review-page.tsx', signedIn: true },
  { path: '/profile', page: 'features/account/pages/profile-page.tsx', signedIn: true },
  { path: '/messages', page: 'features/messages/pages/messages-page.tsx', signedIn: true },
  { path: '/garage', page: 'features/garage/pages/garage-page.tsx', roles: ['customer'] },
  { path: '/checkout', page: 'features/checkout/pages/checkout-page.tsx', signedIn: true },
  { path: '/quick-checkout/:serviceId', page: 'features/booking/pages/quick-checkout-page.tsx', signedIn: true },
  { path: '/payment-success', page: 'features/checkout/pages/payment-success-page.tsx', signedIn: true },
  { path: '/subscription-plans', page: 'features/memberships/pages/plans-page.tsx' },
  { path: '/subscribe', page: 'features/memberships/pages/subscribe-page.tsx', signedIn: true },
  { path: '/account/subscription', page: 'features/memberships/pages/my-subscription-page.tsx', signedIn: true },
  { path: '/referrals', page: 'features/referrals/pages/referrals-page.tsx', roles: ['customer'] },
  { path: '/notification-settings', page: 'features/notifications/pages/notification-settings-page.tsx', signedIn: true },
  { path: '/smart-booking', page: 'features/smart-booking/pages/smart-booking-page.tsx' },
  { path: '/track-provider', page: 'features/tracking/pages/track-provider-page.tsx', signedIn: true },
  { path: '/vehicles', page: 'features/garage/pages/garage-page.tsx', roles: ['customer'] },
  { path: '/addresses', page: 'features/places/pages/addresses-page.tsx', roles: ['customer'] },
  { path: '/payment-methods', page: 'features/checkout/pages/payment-methods-page.tsx', signedIn: true },
  { path: '/help-support', page: 'features/help/pages/help-support-page.tsx' },
  { path: '/privacy-policy', page: 'features/help/pages/privacy-policy-page.tsx' },
  { path: '/terms-of-service', page: 'features/help/pages/terms-of-service-page.tsx' },
  { path: '/demo-service-area', page: 'features/tracking/pages/demo-service-area-page.tsx' },
  { path: '/image-upload-demo', page: 'features/uploads/pages/image-upload-demo-page.tsx' },
  { path: '/admin', page: 'features/admin/pages/admin-overview-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/users', page: 'features/admin/pages/admin-users-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/services', page: 'features/admin/pages/admin-services-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/bookings', page: 'features/admin/pages/admin-bookings-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/notifications', page: 'features/marketing/pages/admin-notifications-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/messages', page: 'features/admin/pages/admin-messages-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/documents', page: 'features/admin/pages/admin-documents-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/settings', page: 'features/admin/pages/admin-settings-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/subscription-plans', page: 'features/memberships/pages/admin-plans-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/marketing', page: 'features/marketing/pages/marketing-overview-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/marketing/campaigns', page: 'features/marketing/pages/campaigns-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/marketing/campaigns/new', page: 'features/marketing/pages/campaign-form-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/marketing/campaigns/:id', page: 'features/marketing/pages/campaign-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/marketing/campaigns/:id/edit', page: 'features/marketing/pages/campaign-form-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/marketing/audiences', page: 'features/marketing/pages/audiences-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/marketing/audiences/new', page: 'features/marketing/pages/audience-form-page.tsx', roles: admin, adminMenu: true },
  { path: '/admin/marketing/promo-codes', page: 'features/promo-codes/pages/admin-promo-codes-page.tsx', roles: admin, adminMenu: true },
  {
    path: '/admin/marketing/promo-codes/new',
    page: 'features/promo-codes/pages/admin-new-promo-code-page.tsx',
    roles: admin,
    adminMenu: true,
  },
  { path: '/detailer', page: 'app/pages/detailer-home-page.tsx', roles: detailer },
  { path: '/detailer/dashboard', page: 'app/pages/detailer-home-page.tsx', roles: detailer },
  { path: '/detailer/services', page: 'features/services/pages/my-services-page.tsx', roles: detailer },
  { path: '/detailer/manage-services', page: 'features/services/pages/manage-service-page.tsx', roles: detailer },
  { path: '/detailer/bookings', page: 'features/detailer/pages/detailer-bookings-page.tsx', roles: detailer },
  { path: '/detailer/marketing', page: 'features/promo-codes/pages/detailer-marketing-page.tsx', roles: detailer },
  { path: '/detailer/availability', page: 'features/detailer/pages/detailer-availability-page.tsx', roles: detailer },
  // A detailer's own documents and portfolio: an admin has none (they decide documents on /admin/documents).
  { path: '/detailer/documents', page: 'features/detailer/pages/detailer-documents-page.tsx', roles: ['detailer'] },
  { path: '/detailer/portfolio', page: 'features/detailer/pages/detailer-portfolio-page.tsx', roles: ['detailer'] },
  { path: '/detailer/location-sharing', page: 'features/tracking/pages/location-sharing-page.tsx', roles: detailer },
  { path: '/business', page: 'features/business/pages/business-page.tsx', roles: detailer },
  { path: '/business/dashboard', page: 'features/business-dashboard/pages/business-dashboard-page.tsx', roles: detailer },
  { path: '/test-auth', page: 'features/diagnostics/pages/test-auth-page.tsx', roles: admin },
  { path: '/test-firebase-auth', page: 'features/diagnostics/pages/test-identity-page.tsx', roles: admin },
  { path: '/firebase-debug', page: 'features/diagnostics/pages/identity-debug-page.tsx', roles: admin },
  { path: '/test-flow', page: 'features/diagnostics/pages/test-flow-page.tsx', roles: admin },
  { path: '/test-weather-notifications', page: 'features/weather/pages/test-weather-notifications-page.tsx', roles: admin },
];

/**
 * Whether the build draws this route's first screen for visitors (vite.config.ts, app/prerender.tsx): open to
 * visitors, and one page whatever the URL (no id in the path, which the build cannot know).
 */
export const isDrawnForVisitors = (route: RouteEntry) => !route.roles && !route.signedIn && !route.path.includes(':');
