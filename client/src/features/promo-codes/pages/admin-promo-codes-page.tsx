import { Link } from 'wouter';
import { Plus, TicketPercent } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ListPage } from '@/components/ui/list-page.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { usePromoCodes } from '../api/get-promo-codes.ts';
import { useSetPromoCodePaused } from '../api/set-promo-code-paused.ts';
import { PromoCodeList } from '../components/promo-code-list.tsx';
import { togglePause } from '../lib/toggle-pause.ts';

const newHref = '/admin/marketing/promo-codes/new';

/** /admin/marketing/promo-codes: every code with its discount, uses, status and end; pause or resume. */
export default function AdminPromoCodesPage() {
  const codes = usePromoCodes();
  const pause = useSetPromoCodePaused();
  return (
    <ListPage
      title="Promo codes"
      action={
        codes.isSuccess &&
        codes.data.length > 0 && (
          <Button asChild variant="secondary">
            <Link href={newHref}>
              <Plus aria-hidden /> New code
            </Link>
          </Button>
        )
      }
    >
      {codes.isPending ? (
        <LoadingState label="Loading promo codes">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </LoadingState>
      ) : codes.isError ? (
        <ErrorState message="We couldn't load the promo codes." onRetry={() => codes.refetch()} />
      ) : codes.data.length === 0 ? (
        <EmptyState
          icon={<TicketPercent />}
          title="No promo codes yet"
          description="Create a code customers type on the payment step: a percent or an amount off, for everything or a few services."
          action={
            <Button asChild>
              <Link href={newHref}>
                <Plus aria-hidden /> Create your first code
              </Link>
            </Button>
          }
        />
      ) : (
        <PromoCodeList codes={codes.data} label="Promo codes" isBusy={pause.isPending} onTogglePause={(code) => togglePause(pause, code)} />
      )}
    </ListPage>
  );
}
