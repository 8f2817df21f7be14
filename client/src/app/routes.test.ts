import { describe, expect, it } from 'vitest';
import { routeDefinitions } from './routes.tsx';

// The spec's route list, word for word, plus the routes the issues add.
const specRoutes = `/ /login /forgot-password /booking/:id? /bookings /profile /messages /garage /checkout
/quick-checkout/:serviceId /service/:serviceId /services/:id /payment-success /subscription-plans /subscribe
/account/subscription /referrals /notification-settings /smart-booking /track-provider /vehicles /addresses
/payment-methods /help-support /privacy-policy /terms-of-service /demo-service-area /image-upload-demo
/admin /admin/users /admin/services /admin/bookings /admin/notifications /admin/messages /admin/settings
/admin/subscription-plans /admin/marketing /admin/marketing/campaigns /admin/marketing/campaigns/new
/admin/marketing/campaigns/:id /admin/marketing/campaigns/:id/edit /admin/marketing/audiences
/admin/marketing/audiences/new /admin/marketing/promo-codes /admin/marketing/promo-codes/new
/detailer /detailer/dashboard /detailer/services /detailer/manage-services /detailer/bookings /detailer/marketing
/detailer/availability /detailer/location-sharing /business /business/dashboard
/test-auth /test-firebase-auth /firebase-debug /simple-login /demo-login /test-flow /test-weather-notifications
/detailers /detailers/:id /job-progress/:id /reset-password`.split(/\s+/);

describe('route table', () => {
  it('registers every route of the spec once', () => {
    const paths = routeDefinitions.map((r) => r.path);
    for (const route of specRoutes) expect(paths, route).toContain(route);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('guards admin pages for admins only', () => {
    const adminRoutes = routeDefinitions.filter((r) => r.path.startsWith('/admin'));
    expect(adminRoutes.length).toBe(18);
    for (const route of adminRoutes) expect(route.roles, route.path).toEqual(['admin']);
  });
});
