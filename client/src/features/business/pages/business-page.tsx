import { Wallet } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useEarnings } from '../api/get-earnings.ts';
import { BalanceCard } from '../components/balance-card.tsx';
import { PayoutAccountCard } from '../components/payout-account-card.tsx';
import { PayoutsList } from '../components/payouts-list.tsx';
import { PendingCredits } from '../components/pending-credits.tsx';
import { StatementDownload } from '../components/statement-download.tsx';

/** /business: the detailer's balance, next payout, payout account, past payouts and monthly statements (decision 021). */
export default function BusinessPage() {
  const earnings = useEarnings();
  return (
    <div className="grid gap-6 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Business</h1>
      {earnings.isPending ? (
        <LoadingState label="Loading your earnings">
          <Skeleton className="h-40" />
          <Skeleton className="h-24" />
          <Skeleton className="h-20" />
        </LoadingState>
      ) : earnings.isError ? (
        <ErrorState message="We couldn't load your earnings." onRetry={() => earnings.refetch()} />
      ) : earnings.data.hasActivity ? (
        <>
          <BalanceCard earnings={earnings.data} />
          <PendingCredits credits={earnings.data.pendingCredits} />
          <PayoutAccountCard />
          <PayoutsList payouts={earnings.data.payouts} />
          <StatementDownload months={earnings.data.statementMonths} />
        </>
      ) : (
        <>
          <EmptyState
            icon={<Wallet />}
            title="No earnings yet"
            description="Your balance, payouts and monthly statements show here after your first completed job."
            className="py-8"
          />
          <PayoutAccountCard />
        </>
      )}
    </div>
  );
}
