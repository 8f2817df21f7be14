import { Card } from '@/components/ui/card.tsx';
import { TermList, type Term } from '@/components/ui/term-list.tsx';
import type { IdentityDiagnostics } from '@core/schemas/diagnostics.ts';

/** A titled card of label and value rows. */
export function DetailsList({ title, rows }: { title: string; rows: Term[] }) {
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      <TermList terms={rows} className="grid gap-2 text-sm" rowClassName="grid gap-0.5" valueClassName="font-medium break-all" />
    </Card>
  );
}

export const formatDateTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The identity provider's settings: never its secret, only whether it is set. */
export function ProviderDetails({ identity }: { identity: IdentityDiagnostics }) {
  return (
    <DetailsList
      title="Identity provider"
      rows={[
        ['Sign-in with Google', identity.configured ? 'Configured' : 'Not configured'],
        ['OIDC issuer', identity.issuer],
        ['Client id', identity.clientId ?? 'Not set'],
        ['Client secret', identity.clientSecretSet ? 'Set (hidden)' : 'Not set'],
        ['Redirect URI', identity.redirectUri],
      ]}
    />
  );
}
