import { Gift, Users } from 'lucide-react';
import { formatUsd } from '@core/domain/money.ts';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { useReferrals } from '../api/get-referrals.ts';
import { FriendsList } from '../components/friends-list.tsx';
import { ShareCodeCard } from '../components/share-code-card.tsx';

/** The three steps, with the live amounts admins set (the public settings; $10 and $10 by default). */
function HowItWorks() {
  const { referralFriendCreditCents, referralReferrerCreditCents } = usePublicSettings();
  const steps = [
    'Share your link or code with a friend.',
    `They sign up with it and get ${formatUsd(referralFriendCreditCents)} off their first booking.`,
    `When their first booking is completed, you get ${formatUsd(referralReferrerCreditCents)} in credits.`,
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>How it works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {steps.map((step, index) => (
            <li key={step} className="flex items-start gap-3 text-sm text-neutral-700">
              <span
                aria-hidden
                className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700"
              >
                {index + 1}
              </span>
              {step}
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function Credit({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="grid gap-0.5 rounded-control bg-neutral-50 p-3">
      <dt className="text-xs font-medium text-neutral-600">{label}</dt>
      <dd className="text-xl font-semibold text-neutral-900">{formatUsd(cents)}</dd>
    </div>
  );
}

/** /referrals 'My Referrals' (issue 18): the customer's code and link, how it works, invited friends and credits. */
export default function ReferralsPage() {
  const referrals = useReferrals();

  return (
    <section aria-labelledby="referrals-heading" className="grid gap-4 p-4">
      <div className="grid gap-1">
        <h1 id="referrals-heading" className="text-xl font-semibold text-neutral-900">
          Invite friends, earn credits
        </h1>
        <p className="text-sm text-neutral-600">Credits come off your next booking at checkout.</p>
      </div>
      {referrals.isPending ? (
        <LoadingState label="Loading your referrals">
          <Skeleton className="h-52" />
          <Skeleton className="h-24" />
          <Skeleton className="h-32" />
        </LoadingState>
      ) : referrals.isError ? (
        <ErrorState message="We couldn't load your referrals." onRetry={() => referrals.refetch()} />
      ) : (
        <>
          <ShareCodeCard code={referrals.data.code} link={referrals.data.shareLink} />
          <Card>
            <CardContent className="pt-4">
              <dl className="grid grid-cols-2 gap-3">
                <Credit label="Credits earned" cents={referrals.data.creditsEarnedCents} />
                <Credit label="Available to spend" cents={referrals.data.balanceCents} />
              </dl>
            </CardContent>
          </Card>
          <HowItWorks />
          <Card>
            <CardHeader>
              <CardTitle>Invited friends</CardTitle>
            </CardHeader>
            <CardContent>
              {referrals.data.friends.length === 0 ? (
                <EmptyState
                  className="py-6"
                  icon={<Users />}
                  title="No friends invited yet"
                  description="Friends who sign up with your link show here, with where they are: signed up, booked or completed."
                />
              ) : (
                <FriendsList friends={referrals.data.friends} />
              )}
            </CardContent>
          </Card>
        </>
      )}
      <p className="flex items-center justify-center gap-2 text-xs text-neutral-600">
        <Gift aria-hidden className="size-4" /> One reward per friend, for their first completed booking.
      </p>
    </section>
  );
}
