import { useEffect, useState } from 'react';
import { Link, Redirect, useLocation, useSearch } from 'wouter';
import { landingPath } from '@core/domain/navigation.ts';
import { referralCodeFromSearch } from '@core/domain/referrals.ts';
import type { User } from '@core/schemas/user.ts';
import { FullPageSpinner } from '@/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.tsx';
import { safeReturnTo } from '@/lib/return-to.ts';
import { toast } from '@/lib/toast.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { AuthCard } from '../components/auth-layout.tsx';
import { GoogleButton } from '../components/google-button.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { RegisterForm } from '../components/register-form.tsx';

/** The server's OpenID Connect callback comes back here with ?signedIn=google or ?oidcError=...; toast it once. */
function useGoogleResultToast(search: string) {
  // Read during the first render: a signed-in visitor is redirected (a layout effect) before effects run.
  const [params] = useState(() => new URLSearchParams(search));
  useEffect(() => {
    const failure = params.get('oidcError');
    if (failure !== null) {
      toast({ title: 'Google sign-in failed', description: failure || 'An error occurred during Google sign-in', variant: 'destructive' });
    } else if (params.get('signedIn') === 'google') {
      toast({ title: 'Success', description: "You've been logged in successfully with Google" });
    } else {
      return;
    }
    if (window.location.search) window.history.replaceState(null, '', window.location.pathname);
  }, [params]);
}

export default function LoginPage() {
  const { user, isLoading } = useCurrentUser();
  const [, navigate] = useLocation();
  // Through the router, not window.location: the build draws this page without a browser (app/prerender.tsx).
  const search = useSearch();
  // Read before the Google toast hook tidies the query string away. '/' means no return-to target.
  const [returnTo] = useState(() => safeReturnTo(search));
  // A friend's share link (/login?ref=CODE) opens Register with their code filled in (issue 18).
  const [referralCode] = useState(() => referralCodeFromSearch(search));
  useGoogleResultToast(search);

  if (isLoading) return <FullPageSpinner label="Checking your sign-in" />;
  // Already signed in, or back from Google (?signedIn=google): the return-to target, else the role's own place.
  if (user) return <Redirect to={landingPath(user.role, returnTo)} replace />;

  const goHome = (signedIn: User) => navigate(landingPath(signedIn.role, returnTo));
  return (
    <AuthCard title="Welcome to Glossly" description="Sign in or create an account to continue">
      <div className="grid gap-5">
        <GoogleButton />
        <div className="flex items-center gap-3 text-xs font-medium text-neutral-600">
          <span aria-hidden="true" className="h-px flex-1 bg-neutral-200" />
          Or use email
          <span aria-hidden="true" className="h-px flex-1 bg-neutral-200" />
        </div>
        <Tabs defaultValue={referralCode ? 'register' : 'login'}>
          <TabsList className="grid grid-cols-2">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm onSignedIn={goHome} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm referralCode={referralCode} />
          </TabsContent>
        </Tabs>
        <p className="text-center text-xs text-neutral-600">
          By continuing, you agree to our{' '}
          <Link href="/terms-of-service" className="font-medium text-brand-700 underline">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link href="/privacy-policy" className="font-medium text-brand-700 underline">
            Privacy Policy
          </Link>
        </p>
      </div>
    </AuthCard>
  );
}
