import { ChevronRight, LogOut } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { Role } from '@core/domain/roles.ts';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent } from '@/components/ui/card.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useLogout } from '@/lib/session/logout.ts';
import { dollarsToCents, formatUsd } from '@core/domain/money.ts';
import { formatUsPhone } from '@core/domain/phone-numbers.ts';
import { toast } from '@/lib/toast.ts';
import { useUser } from '../api/get-user.ts';
import { AccountSettings } from '../components/account-settings.tsx';
import { DeleteAccountDialog } from '../components/delete-account-dialog.tsx';
import { ProfileAvatar } from '../components/profile-avatar.tsx';

const roleLabels: Record<Role, string> = { customer: 'Customer', detailer: 'Service Provider', admin: 'Admin' };

/**
 * Each role's own account links: a customer's bookings, cards, places, referrals and membership; a detailer's jobs,
 * services, hours and payouts; an admin's pages. Saved places belong to customers (a detailer's base is their service
 * area); only customers refer friends (decision 022) and hold memberships (issue 18).
 */
const accountLinks: Record<Role, ReadonlyArray<{ href: string; label: string }>> = {
  customer: [
    { href: '/bookings', label: 'My Bookings' },
    { href: '/payment-methods', label: 'Payment methods' },
    { href: '/addresses', label: 'Addresses' },
    { href: '/referrals', label: 'My Referrals' },
    { href: '/account/subscription', label: 'My Subscription' },
    { href: '/subscription-plans', label: 'Subscription Plans' },
    { href: '/notification-settings', label: 'Notification settings' },
  ],
  detailer: [
    { href: '/detailer/bookings', label: 'Your jobs' },
    { href: '/detailer/services', label: 'My services' },
    { href: '/detailer/availability', label: 'Availability and service area' },
    { href: '/detailer/portfolio', label: 'Portfolio' },
    { href: '/detailer/documents', label: 'Badges' },
    { href: '/business', label: 'Earnings and payouts' },
    { href: '/notification-settings', label: 'Notification settings' },
  ],
  admin: [
    { href: '/admin', label: 'Admin overview' },
    { href: '/admin/bookings', label: 'All bookings' },
    { href: '/admin/users', label: 'Users' },
    { href: '/notification-settings', label: 'Notification settings' },
  ],
};

const helpLinks = [
  { href: '/help-support', label: 'Help & Support' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/terms-of-service', label: 'Terms of Service' },
];

function LinkGroup({ label, links }: { label: string; links: ReadonlyArray<{ href: string; label: string }> }) {
  return (
    <Card>
      <CardContent className="py-1">
        <nav aria-label={label}>
          <ul className="divide-y divide-neutral-100">
            {links.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="flex min-h-12 items-center justify-between gap-4 text-sm font-medium text-neutral-900">
                  {link.label}
                  <ChevronRight aria-hidden className="size-4 text-neutral-500" />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </CardContent>
    </Card>
  );
}

export default function ProfilePage() {
  const { user, isLoading } = useCurrentUser();
  // Referral credits are a customer's: nobody else earns or spends them.
  const isCustomer = user?.role === 'customer';
  const account = useUser(isCustomer ? user.id : undefined);
  const logout = useLogout();
  const [, navigate] = useLocation();

  if (isLoading || !user) return <FullPageSpinner />;

  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch {
      // The browser forgets the user either way; the session expires on its own if the server was unreachable.
      toast({ title: 'Signed out on this device', description: 'We could not reach the server to end the session everywhere.' });
    }
    navigate('/login');
  };

  const credits = account.data ? formatUsd(dollarsToCents(Number(account.data.referralCredits))) : null;

  return (
    <section className="grid grid-cols-1 gap-4 p-4">
      <Card>
        <CardContent className="flex items-center gap-4 py-5">
          <ProfileAvatar name={user.name} avatarUrl={user.avatarUrl} />
          <div className="grid min-w-0 gap-1">
            <h1 className="truncate text-lg font-semibold text-neutral-900">{user.name}</h1>
            <p className="truncate text-sm text-neutral-600">@{user.username}</p>
            <Badge variant="brand" className="justify-self-start">
              {roleLabels[user.role]}
            </Badge>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="py-2">
          <dl className="divide-y divide-neutral-100">
            <div className="flex items-center justify-between gap-4 py-3">
              <dt className="text-sm text-neutral-600">Email</dt>
              <dd className="min-w-0 truncate text-sm font-medium text-neutral-900">{user.email}</dd>
            </div>
            {user.phone && (
              <div className="flex items-center justify-between gap-4 py-3">
                <dt className="text-sm text-neutral-600">Phone</dt>
                <dd className="text-sm font-medium text-neutral-900">{formatUsPhone(user.phone)}</dd>
              </div>
            )}
            <div className="flex items-center justify-between gap-4 py-3">
              <dt className="text-sm text-neutral-600">Role</dt>
              <dd className="text-sm font-medium text-neutral-900">{roleLabels[user.role]}</dd>
            </div>
            {isCustomer && (
              <div className="flex items-center justify-between gap-4 py-3">
                <dt className="text-sm text-neutral-600">Referral credits</dt>
                <dd className="text-sm font-medium text-neutral-900">
                  {credits ?? (account.isError ? 'Unavailable' : <Skeleton className="h-4 w-14" />)}
                </dd>
              </div>
            )}
          </dl>
        </CardContent>
      </Card>
      <AccountSettings user={user} />
      <LinkGroup label="Account" links={accountLinks[user.role]} />
      <LinkGroup label="Help and legal" links={helpLinks} />
      <Button variant="secondary" size="lg" className="w-full text-danger-700" disabled={logout.isPending} onClick={signOut}>
        <LogOut aria-hidden />
        {logout.isPending ? 'Signing out...' : 'Sign out'}
      </Button>
      <DeleteAccountDialog isDetailer={user.role === 'detailer'} />
    </section>
  );
}
