import { Link } from 'wouter';
import { Megaphone, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ListPage } from '@/components/ui/list-page.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useCampaigns } from '../api/marketing-api.ts';
import { CampaignList } from '../components/campaign-list.tsx';

/** /admin/marketing/campaigns: every campaign with its status and figures. */
export default function CampaignsPage() {
  const list = useCampaigns();
  return (
    <ListPage
      title="Campaigns"
      action={
        <Button asChild variant="secondary">
          <Link href="/admin/marketing/campaigns/new">
            <Plus aria-hidden /> New campaign
          </Link>
        </Button>
      }
    >
      {list.isPending ? (
        <LoadingState label="Loading campaigns">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </LoadingState>
      ) : list.isError ? (
        <ErrorState message="We couldn't load the campaigns." onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={<Megaphone />}
          title="No campaigns yet"
          description="Send an audience an email, a push or an in-app notification, with an optional promo code."
        />
      ) : (
        <CampaignList campaigns={list.data} label="Campaigns" />
      )}
    </ListPage>
  );
}
