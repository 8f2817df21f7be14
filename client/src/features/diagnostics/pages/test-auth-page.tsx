import { DebugQueryState } from '@/components/debug/debug-query-state.tsx';
import { useAuthDiagnostics } from '../api/diagnostics.ts';
import { DetailsList, formatDateTime } from '../components/details-list.tsx';

/** /test-auth (issue 19): the current session, its expiry and the CSRF protection, as the server sees them. */
export default function TestAuthPage() {
  const auth = useAuthDiagnostics();
  return (
    <DebugQueryState query={auth} label="the session">
      {(data) => (
        <div className="grid gap-4 p-4">
          <h1 className="text-xl font-semibold text-neutral-900">Auth test</h1>
          <DetailsList
            title="Signed in as"
            rows={[
              ['Name', data.user.name],
              ['Email', data.user.email],
              ['Role', data.user.role],
              ['User id', String(data.user.id)],
            ]}
          />
          <DetailsList
            title="Session"
            rows={[
              ['Started', formatDateTime(data.session.createdAt)],
              ['Expires', formatDateTime(data.session.expiresAt)],
              ['Cookie', 'HttpOnly, SameSite=Lax'],
            ]}
          />
          <DetailsList
            title="CSRF protection"
            rows={[
              ['Check', 'Origin (or Referer) of every change must be this app'],
              ['Expected origin', data.csrf.expectedOrigin],
              ['This request came from', data.csrf.requestOrigin ?? 'No Origin sent (a page load)'],
              ['A change from this page', data.csrf.wouldPass ? 'Would be accepted' : 'Would be refused'],
            ]}
          />
        </div>
      )}
    </DebugQueryState>
  );
}
