import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { ShieldAlert } from 'lucide-react';
import type { Role } from '@core/domain/roles.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { loginPathFor } from '@/lib/return-to.ts';

/** Keeps signed-out visitors and other roles off a page; the server still checks every request. */
export function RequireRole({ roles, children }: { roles?: readonly Role[]; children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const [path] = useLocation();
  const search = useSearch();
  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Redirect to={loginPathFor(search ? `${path}?${search}` : path)} />;
  if (roles && !roles.includes(user.role)) {
    return (
      <EmptyState
        headingLevel={1}
        icon={<ShieldAlert />}
        title="You don't have access to this page"
        description="Sign in with an account that has the right role to open it."
      />
    );
  }
  return <>{children}</>;
}
