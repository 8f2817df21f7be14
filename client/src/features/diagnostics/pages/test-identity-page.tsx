import { LogIn } from 'lucide-react';
import { DebugQueryState } from '@/components/debug/debug-query-state.tsx';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useIdentityDiagnostics } from '../api/diagnostics.ts';
import { ProviderDetails } from '../components/details-list.tsx';

/** /test-firebase-auth (issue 19): the identity provider's configuration and a test sign-in through it. */
export default function TestIdentityPage() {
  const identity = useIdentityDiagnostics();
  return (
    <DebugQueryState query={identity} label="the identity provider">
      {(data) => (
        <div className="grid gap-4 p-4">
          <h1 className="text-xl font-semibold text-neutral-900">Identity test</h1>
          <ProviderDetails identity={data} />
          <Card className="grid gap-3 p-4">
            <h2 className="text-base font-semibold text-neutral-900">Test sign-in</h2>
            {data.startUrl ? (
              <>
                <p className="text-sm text-neutral-600">
                  Signs in with Google as a real visitor would; you come back signed in as that account.
                </p>
                {/* A full page load: the provider's page is another site. */}
                <a href={data.startUrl} className={buttonClasses('primary', 'md')}>
                  <LogIn aria-hidden />
                  Test sign-in
                </a>
              </>
            ) : (
              <p className="text-sm text-neutral-700">{data.reason}</p>
            )}
          </Card>
        </div>
      )}
    </DebugQueryState>
  );
}
