import { DebugQueryState } from '@/components/debug/debug-query-state.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Card } from '@/components/ui/card.tsx';
import { useIdentityDiagnostics } from '../api/diagnostics.ts';
import { ProviderDetails, formatDateTime } from '../components/details-list.tsx';

/** /firebase-debug (issue 19): the identity provider's details and the latest sign-ins. */
export default function IdentityDebugPage() {
  const identity = useIdentityDiagnostics();
  return (
    <DebugQueryState query={identity} label="the identity provider">
      {(data) => (
        <div className="grid gap-4 p-4">
          <h1 className="text-xl font-semibold text-neutral-900">Identity debug</h1>
          <ProviderDetails identity={data} />
          <Card className="grid gap-3 p-4">
            <h2 className="text-base font-semibold text-neutral-900">Latest sign-ins</h2>
            {data.recentSignIns.length === 0 ? (
              <p className="text-sm text-neutral-600">No one has signed in yet.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Latest sign-ins">
                {data.recentSignIns.map((signIn) => (
                  <li key={`${signIn.email}-${signIn.signedInAt}`} className="grid gap-1 rounded-control bg-neutral-50 p-3">
                    <span className="text-sm font-medium break-all text-neutral-900">{signIn.email}</span>
                    <span className="flex flex-wrap items-center gap-2 text-sm text-neutral-600">
                      {formatDateTime(signIn.signedInAt)}
                      <Badge>{signIn.role}</Badge>
                      {signIn.linkedToProvider && <Badge variant="brand">Google</Badge>}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      )}
    </DebugQueryState>
  );
}
