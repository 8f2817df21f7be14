import { useState } from 'react';
import { ExternalLink, Landmark } from 'lucide-react';
import type { PayoutAccountStatus } from '@core/schemas/earnings.ts';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { usePayoutAccount } from '../api/get-payout-account.ts';
import { useSavePayoutAccount } from '../api/save-payout-account.ts';
import { BankAccountForm } from './bank-account-form.tsx';

const statusBadge: Record<PayoutAccountStatus, { label: string; variant: BadgeVariant }> = {
  active: { label: 'Active', variant: 'success' },
  pending: { label: 'Setup not finished', variant: 'warning' },
  restricted: { label: 'Needs attention', variant: 'danger' },
};

/** Where payouts go: the bank account (built-in gateway, add or change), or the Stripe account and its setup link. */
export function PayoutAccountCard() {
  const account = usePayoutAccount();
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Card role="region" aria-labelledby="payout-account-heading" className="grid gap-4 p-4 sm:p-6">
      <h2 id="payout-account-heading" className="text-lg font-semibold tracking-tight text-neutral-900">
        Payout account
      </h2>
      {account.isPending ? (
        <Skeleton className="h-14" />
      ) : account.isError ? (
        <ErrorState message="We couldn't load your payout account." onRetry={() => account.refetch()} />
      ) : account.data.gateway === 'stripe' ? (
        <StripeAccount status={account.data.account?.status ?? null} description={account.data.account?.description ?? null} />
      ) : isEditing || !account.data.account ? (
        <>
          {!account.data.account && (
            <p className="text-sm text-neutral-600">Add the bank account your payouts go to. Payouts run weekly.</p>
          )}
          <BankAccountForm onDone={() => setIsEditing(false)} onCancel={account.data.account ? () => setIsEditing(false) : undefined} />
        </>
      ) : (
        <div className="flex items-center gap-3">
          <AccountLine description={account.data.account.description} status={account.data.account.status} />
          <Button variant="secondary" onClick={() => setIsEditing(true)}>
            Change
          </Button>
        </div>
      )}
    </Card>
  );
}

function AccountLine({ description, status }: { description: string; status: PayoutAccountStatus }) {
  const badge = statusBadge[status];
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <div aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-control bg-brand-50 text-brand-700">
        <Landmark className="size-5" />
      </div>
      <div className="grid min-w-0 gap-1">
        <p className="font-medium break-words text-neutral-900">{description}</p>
        <Badge variant={badge.variant} className="justify-self-start">
          {badge.label}
        </Badge>
      </div>
    </div>
  );
}

/** Stripe collects the bank details in its own onboarding: the button opens a fresh link each time. */
function StripeAccount({ status, description }: { status: PayoutAccountStatus | null; description: string | null }) {
  const save = useSavePayoutAccount();
  const open = () =>
    save.mutate(null, {
      onSuccess: (saved) => {
        if (saved.onboardingUrl) window.location.assign(saved.onboardingUrl);
      },
      onError: (error) =>
        toast({ title: "Couldn't open Stripe", description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
    });
  return (
    <div className="grid gap-3">
      {status && description ? (
        <AccountLine description={description} status={status} />
      ) : (
        <p className="text-sm text-neutral-600">Payouts are sent through Stripe. Set up your Stripe account to get paid.</p>
      )}
      {status !== 'active' && (
        <Button onClick={open} disabled={save.isPending}>
          <ExternalLink aria-hidden="true" /> {save.isPending ? 'Opening Stripe...' : 'Finish Stripe setup'}
        </Button>
      )}
    </div>
  );
}
