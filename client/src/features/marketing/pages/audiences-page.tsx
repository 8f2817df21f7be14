import { Link } from 'wouter';
import { Plus, Users } from 'lucide-react';
import { describeAudienceRules } from '@core/domain/audience-rules.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { ListPage } from '@/components/ui/list-page.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useAudiences } from '../api/marketing-api.ts';

const newHref = '/admin/marketing/audiences/new';

/** /admin/marketing/audiences: the saved segments, each with its rules in words and its live count. */
export default function AudiencesPage() {
  const list = useAudiences();
  return (
    <ListPage
      title="Audiences"
      action={
        <Button asChild variant="secondary">
          <Link href={newHref}>
            <Plus aria-hidden /> New audience
          </Link>
        </Button>
      }
    >
      {list.isPending ? (
        <LoadingState label="Loading audiences">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </LoadingState>
      ) : list.isError ? (
        <ErrorState message="We couldn't load the audiences." onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title="No audiences yet"
          description="Build a segment from rules (role, place, bookings, cars) and reuse it in campaigns."
        />
      ) : (
        <ul className="grid gap-3 [&>*]:min-w-0" aria-label="Audiences">
          {list.data.map((audience) => (
            <li key={audience.id}>
              <Card className="grid gap-2 p-4">
                <div className="flex items-start justify-between gap-3">
                  {/* A name of one long word wraps inside the card instead of widening the page (320 px). */}
                  <h2 className="min-w-0 font-semibold [overflow-wrap:anywhere] text-neutral-900">{audience.name}</h2>
                  <span className="shrink-0 text-sm font-medium text-neutral-700">
                    {audience.count} {audience.count === 1 ? 'person' : 'people'}
                  </span>
                </div>
                <p className="text-sm [overflow-wrap:anywhere] text-neutral-600">{describeAudienceRules(audience.rules).join(' · ')}</p>
                <Link
                  className="min-h-11 content-center text-sm font-medium text-brand-700 underline"
                  href={`${newHref}?id=${audience.id}`}
                  aria-label={`Edit ${audience.name}`}
                >
                  Edit
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </ListPage>
  );
}
