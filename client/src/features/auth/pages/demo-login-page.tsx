import { useState } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { Shield, User, Wrench } from 'lucide-react';
import { landingPath } from '@core/domain/navigation.ts';
import type { Role } from '@core/domain/roles.ts';
import { Button } from '@/components/ui/button.tsx';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { safeReturnTo } from '@/lib/return-to.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useDemoLogin } from '../api/demo-login.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { reportSignIn } from '../lib/report-sign-in.ts';

const demoRoles: { role: Role; label: string; hint: string; icon: typeof User }[] = [
  { role: 'customer', label: 'Continue as Customer', hint: 'Book detailing services', icon: User },
  { role: 'detailer', label: 'Continue as Detailer', hint: 'Offer detailing services', icon: Wrench },
  { role: 'admin', label: 'Continue as Admin', hint: 'Manage the platform', icon: Shield },
];

export default function DemoLoginPage() {
  const { user, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  const demoLogin = useDemoLogin();
  const search = useSearch(); // through the router: the build draws this page without a browser
  const [returnTo] = useState(() => safeReturnTo(search));

  if (isLoading) return <FullPageSpinner label="Checking your sign-in" />;
  if (user && !demoLogin.isPending && !demoLogin.isSuccess) return <Redirect to={landingPath(user.role, returnTo)} replace />;

  const signIn = async (role: Role) => {
    const signedIn = await reportSignIn(demoLogin.mutateAsync(role));
    if (signedIn) navigate(landingPath(signedIn.role, returnTo));
  };

  return (
    <AuthCard title="Try Glossly" description="Sign in as a demo account in one click. Demo data is shared and reset from time to time.">
      <ul className="grid gap-3">
        {demoRoles.map(({ role, label, hint, icon: Icon }) => (
          <li key={role}>
            <Button
              variant="secondary"
              size="lg"
              className="h-auto w-full justify-start py-3 text-left"
              disabled={demoLogin.isPending}
              onClick={() => signIn(role)}
            >
              <Icon aria-hidden className="text-brand-600" />
              <span className="grid">
                <span>{demoLogin.isPending && demoLogin.variables === role ? 'Signing in...' : label}</span>
                <span className="text-xs font-normal text-neutral-600">{hint}</span>
              </span>
            </Button>
          </li>
        ))}
      </ul>
    </AuthCard>
  );
}
