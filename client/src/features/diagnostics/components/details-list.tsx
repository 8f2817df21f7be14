import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card.tsx';
import type { IdentityDiagnostics } from '@core/schemas/diagnostics.ts';

/** A titled card of label and value rows. */
export function DetailsList({ title, rows }: { title: string; rows: Array<[string, ReactNode]> }) {
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      <dl className="grid gap-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-0.5">
            <dt className="text-neutral-600">{label}</dt>
            <dd className="font-medium break-all text-neutral-900">{value}</dd>
          </div>
        ))}
      </dl>
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
