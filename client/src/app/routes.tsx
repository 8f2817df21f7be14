import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import type { Role } from '@core/domain/roles.ts';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { RequireRole } from './require-role.tsx';

// Every page loads on demand so the home route ships only what it needs.
const HomePage = lazy(() => import('@/features/home/pages/home-page.tsx'));
const LoginPage = lazy(() => import('@/features/auth/pages/login-page.tsx'));
const DemoLoginPage = lazy(() => import('@/features/auth/pages/demo-login-page.tsx'));
const ForgotPasswordPage = lazy(() => import('@/features/auth/pages/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('@/features/auth/pages/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('@/features/auth/pages/verify-email-page.tsx'));
const GaragePage = lazy(() => import('@/features/garage/pages/garage-page.tsx'));
const ProfilePage = lazy(() => import('@/features/account/pages/profile-page.tsx'));
const NotFoundPage = lazy(() => import('./pages/not-found-page.tsx'));
const DetailersPage = lazy(() => import('@/features/catalog/pages/detailers-page.tsx'));
const DetailerPage = lazy(() => import('@/features/catalog/pages/detailer-page.tsx'));
const ServicePage = lazy(() => import('@/features/catalog/pages/service-page.tsx'));
const BookingPage = lazy(() => import('@/features/booking/pages/booking-page.tsx'));
const BookingConfirmedPage = lazy(() => import('@/features/booking/pages/booking-confirmed-page.tsx'));
const MyBookingsPage = lazy(() => import('@/features/booking/pages/my-bookings-page.tsx'));
const BookingDetailsPage = lazy(() => import('@/features/booking/pages/booking-details-page.tsx'));
const JobProgressPage = lazy(() => import('@/features/booking/pages/job-progress-page.tsx'));
const DetailerBookingsPage = lazy(() => import('@/features/detailer/pages/detailer-bookings-page.tsx'));
const DetailerHomePage = lazy(() => import('./pages/detailer-home-page.tsx'));
const DetailerAvailabilityPage = lazy(() => import('@/features/detailer/pages/detailer-availability-page.tsx'));
const TrackProviderPage = lazy(() => import('@/features/tracking/pages/track-provider-page.tsx'));
const LocationSharingPage = lazy(() => import('@/features/tracking/pages/location-sharing-page.tsx'));
const DemoServiceAreaPage = lazy(() => import('@/features/tracking/pages/demo-service-area-page.tsx'));
const CheckoutPage = lazy(() => import('@/features/checkout/pages/checkout-page.tsx'));
const PaymentSuccessPage = lazy(() => import('@/features/checkout/pages/payment-success-page.tsx'));
const PaymentMethodsPage = lazy(() => import('@/features/checkout/pages/payment-methods-page.tsx'));
const QuickCheckoutPage = lazy(() => import('@/features/booking/pages/quick-checkout-page.tsx'));
const NotificationSettingsPage = lazy(() => import('@/features/notifications/pages/notification-settings-page.tsx'));
const AdminOverviewPage = lazy(() => import('@/features/admin/pages/admin-overview-page.tsx'));
const AdminUsersPage = lazy(() => import('@/features/admin/pages/admin-users-page.tsx'));
const AdminBookingsPage = lazy(() => import('@/features/admin/pages/admin-bookings-page.tsx'));
const MessagesPage = lazy(() => import('@/features/messages/pages/messages-page.tsx'));
const AdminMessagesPage = lazy(() => import('@/features/admin/pages/admin-messages-page.tsx'));
const AdminSettingsPage = lazy(() => import('@/features/admin/pages/admin-settings-page.tsx'));
const AdminLayout = lazy(() => import('@/features/admin/components/admin-layout.tsx'));
const HelpSupportPage = lazy(() => import('@/features/help/pages/help-support-page.tsx'));
const PrivacyPolicyPage = lazy(() => import('@/features/help/pages/privacy-policy-page.tsx'));
const TermsOfServicePage = lazy(() => import('@/features/help/pages/terms-of-service-page.tsx'));
const AddressesPage = lazy(() => import('@/features/places/pages/addresses-page.tsx'));

type RouteDefinition = { path: string; page: ComponentType; roles?: readonly Role[]; signedIn?: boolean };

const admin = ['admin'] as const;
const detailer = ['detailer', 'admin'] as const;

/** The one place every admin page gets the admin menu: each page of the admin routes inside the admin layout. */
const withAdminMenu = (definitions: RouteDefinition[]): RouteDefinition[] =>
  definitions.map(({ page: Page, ...definition }) => ({
    ...definition,
    page: () => (
      <AdminLayout>
        <Page />
      </AdminLayout>
    ),
  }));

/** The spec's route list, plus /detailers, /detailers/:id, /bookings/:id, /job-progress/:id and /reset-password. */
export const routeDefinitions: RouteDefinition[] = [
  { path: '/', page: HomePage },
  { path: '/login', page: LoginPage },
  { path: '/simple-login', page: LoginPage },
  { path: '/demo-login', page: DemoLoginPage },
  { path: '/forgot-password', page: ForgotPasswordPage },
  { path: '/reset-password', page: ResetPasswordPage },
  { path: '/verify-email', page: VerifyEmailPage },
  { path: '/confirm-email', page: lazy(() => import('@/features/account/pages/confirm-email-page.tsx')) },
  { path: '/detailers', page: DetailersPage },
  { path: '/detailers/:id', page: DetailerPage },
  { path: '/services/:id', page: ServicePage },
  { path: '/service/:serviceId', page: ServicePage },
  { path: '/booking/confirmed/:bookingId', page: BookingConfirmedPage, signedIn: true },
  { path: '/booking/:id?', page: BookingPage },
  { path: '/bookings', page: MyBookingsPage, signedIn: true },
  { path: '/bookings/:id', page: BookingDetailsPage, signedIn: true },
  { path: '/bookings/:id/receipt', page: lazy(() => import('@/features/receipts/pages/receipt-page.tsx')), signedIn: true },
  { path: '/job-progress/:id', page: JobProgressPage, signedIn: true },
  { path: '/reviews/:id', page: lazy(() => import('@/features/reviews/pages/review-page.tsx')), signedIn: true },
  { path: '/profile', page: ProfilePage, signedIn: true },
  { path: '/messages', page: MessagesPage, signedIn: true },
  { path: '/garage', page: GaragePage, roles: ['customer'] },
  { path: '/checkout', page: CheckoutPage, signedIn: true },
  { path: '/quick-checkout/:serviceId', page: QuickCheckoutPage, signedIn: true },
  { path: '/payment-success', page: PaymentSuccessPage, signedIn: true },
  { path: '/subscription-plans', page: lazy(() => import('@/features/memberships/pages/plans-page.tsx')) },
  { path: '/subscribe', page: lazy(() => import('@/features/memberships/pages/subscribe-page.tsx')), signedIn: true },
  { path: '/account/subscription', page: lazy(() => import('@/features/memberships/pages/my-subscription-page.tsx')), signedIn: true },
  { path: '/referrals', page: lazy(() => import('@/features/referrals/pages/referrals-page.tsx')), roles: ['customer'] },
  { path: '/notification-settings', page: NotificationSettingsPage, signedIn: true },
  { path: '/smart-booking', page: lazy(() => import('@/features/smart-booking/pages/smart-booking-page.tsx')) },
  { path: '/track-provider', page: TrackProviderPage, signedIn: true },
  { path: '/vehicles', page: GaragePage, roles: ['customer'] },
  { path: '/addresses', page: AddressesPage, roles: ['customer'] },
  { path: '/payment-methods', page: PaymentMethodsPage, signedIn: true },
  { path: '/help-support', page: HelpSupportPage },
  { path: '/privacy-policy', page: PrivacyPolicyPage },
  { path: '/terms-of-service', page: TermsOfServicePage },
  { path: '/demo-service-area', page: DemoServiceAreaPage },
  { path: '/image-upload-demo', page: lazy(() => import('@/features/uploads/pages/image-upload-demo-page.tsx')) },
  ...withAdminMenu([
    { path: '/admin', page: AdminOverviewPage, roles: admin },
    { path: '/admin/users', page: AdminUsersPage, roles: admin },
    { path: '/admin/services', page: lazy(() => import('@/features/admin/pages/admin-services-page.tsx')), roles: admin },
    { path: '/admin/bookings', page: AdminBookingsPage, roles: admin },
    { path: '/admin/notifications', page: lazy(() => import('@/features/marketing/pages/admin-notifications-page.tsx')), roles: admin },
    { path: '/admin/messages', page: AdminMessagesPage, roles: admin },
    { path: '/admin/settings', page: AdminSettingsPage, roles: admin },
    { path: '/admin/subscription-plans', page: lazy(() => import('@/features/memberships/pages/admin-plans-page.tsx')), roles: admin },
    { path: '/admin/marketing', page: lazy(() => import('@/features/marketing/pages/marketing-overview-page.tsx')), roles: admin },
    { path: '/admin/marketing/campaigns', page: lazy(() => import('@/features/marketing/pages/campaigns-page.tsx')), roles: admin },
    { path: '/admin/marketing/campaigns/new', page: lazy(() => import('@/features/marketing/pages/campaign-form-page.tsx')), roles: admin },
    { path: '/admin/marketing/campaigns/:id', page: lazy(() => import('@/features/marketing/pages/campaign-page.tsx')), roles: admin },
    { path: '/admin/marketing/campaigns/:id/edit', page: lazy(() => import('@/features/marketing/pages/campaign-form-page.tsx')), roles: admin },
    { path: '/admin/marketing/audiences', page: lazy(() => import('@/features/marketing/pages/audiences-page.tsx')), roles: admin },
    { path: '/admin/marketing/audiences/new', page: lazy(() => import('@/features/marketing/pages/audience-form-page.tsx')), roles: admin },
    { path: '/admin/marketing/promo-codes', page: lazy(() => import('@/features/promo-codes/pages/admin-promo-codes-page.tsx')), roles: admin },
    { path: '/admin/marketing/promo-codes/new', page: lazy(() => import('@/features/promo-codes/pages/admin-new-promo-code-page.tsx')), roles: admin },
  ]),
  { path: '/detailer', page: DetailerHomePage, roles: detailer },
  { path: '/detailer/dashboard', page: DetailerHomePage, roles: detailer },
  { path: '/detailer/services', page: lazy(() => import('@/features/services/pages/my-services-page.tsx')), roles: detailer },
  { path: '/detailer/manage-services', page: lazy(() => import('@/features/services/pages/manage-service-page.tsx')), roles: detailer },
  { path: '/detailer/bookings', page: DetailerBookingsPage, roles: detailer },
  { path: '/detailer/marketing', page: lazy(() => import('@/features/promo-codes/pages/detailer-marketing-page.tsx')), roles: detailer },
  { path: '/detailer/availability', page: DetailerAvailabilityPage, roles: detailer },
  { path: '/detailer/location-sharing', page: LocationSharingPage, roles: detailer },
  { path: '/business', page: lazy(() => import('@/features/business/pages/business-page.tsx')), roles: detailer },
  { path: '/business/dashboard', page: lazy(() => import('@/features/business-dashboard/pages/business-dashboard-page.tsx')), roles: detailer },
  { path: '/test-auth', page: lazy(() => import('@/features/diagnostics/pages/test-auth-page.tsx')), roles: admin },
  { path: '/test-firebase-auth', page: lazy(() => import('@/features/diagnostics/pages/test-identity-page.tsx')), roles: admin },
  { path: '/firebase-debug', page: lazy(() => import('@/features/diagnostics/pages/identity-debug-page.tsx')), roles: admin },
  { path: '/test-flow', page: lazy(() => import('@/features/diagnostics/pages/test-flow-page.tsx')), roles: admin },
  { path: '/test-weather-notifications', page: lazy(() => import('@/features/weather/pages/test-weather-notifications-page.tsx')), roles: admin },
];

function guarded({ page: Page, roles, signedIn }: RouteDefinition) {
  if (!roles && !signedIn) return <Page />;
  return (
    <RequireRole roles={roles}>
      <Page />
    </RequireRole>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        {routeDefinitions.map((definition) => (
          <Route key={definition.path} path={definition.path}>
            {guarded(definition)}
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
