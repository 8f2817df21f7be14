import { Link } from 'wouter';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Card } from '@/components/ui/card.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useMarketingOverview } from '../api/marketing-api.ts';
import { CampaignList } from '../components/campaign-list.tsx';

const links = [
  ['Campaigns', '/admin/marketing/campaigns'],
  ['Audiences', '/admin/marketing/audiences'],
  ['Promo codes', '/admin/marketing/promo-codes'],
] as const;

/** /admin/marketing: the codes live now and the latest campaigns with their figures. */
export default function MarketingOverviewPage() {
  const overview = useMarketingOverview();
  return (
    <section aria-labelledby="marketing-heading" className="grid gap-4 p-4">
      <h1 id="marketing-heading" className="text-xl font-semibold text-neutral-900">
        Marketing
      </h1>
      <nav aria-label="Marketing" className="grid grid-cols-3 gap-2">
        {links.map(([label, href]) => (
          <Link
            key={href}
            href={href}
            className="flex min-h-11 items-center justify-center rounded-control border border-neutral-200 bg-surface px-2 text-sm font-medium text-brand-700"
          >
            {label}
          </Link>
        ))}
      </nav>
      {overview.isPending ? (
        <LoadingState label="Loading marketing">
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </LoadingState>
      ) : overview.isError ? (
        <ErrorState message="We couldn't load marketing." onRetry={() => overview.refetch()} />
      ) : (
        <>
          <Card className="grid gap-2 p-4">
            <h2 className="text-base font-semibold text-neutral-900">Active codes</h2>
            {overview.data.activeCodes.length === 0 ? (
              <p className="text-sm text-neutral-600">No code is active right now.</p>
            ) : (
              <table className="w-full text-left text-sm">
                <thead className="text-neutral-600">
                  <tr>
                    <th scope="col" className="py-1 font-medium">
                      Code
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Uses
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      Ends
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {overview.data.activeCodes.map((code) => (
                    <tr key={code.id} className="border-t border-neutral-100">
                      <td className="py-2 font-medium text-neutral-900">{code.code}</td>
                      <td className="py-2 text-neutral-700">
                        {code.usesCount}
                        {code.maxUses ? ` of ${code.maxUses}` : ''}
                      </td>
                      <td className="py-2 text-neutral-700">
                        {code.endsAt ? new Date(code.endsAt).toLocaleDateString('en-US', { dateStyle: 'medium' }) : 'No end'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Card>
          <h2 className="text-base font-semibold text-neutral-900">Recent campaigns</h2>
          {overview.data.recentCampaigns.length === 0 ? (
            <p className="text-sm text-neutral-600">
              No campaigns yet.{' '}
              <Link className="font-medium text-brand-700 underline" href="/admin/marketing/campaigns/new">
                Create one
              </Link>
            </p>
          ) : (
            <CampaignList campaigns={overview.data.recentCampaigns} label="Recent campaigns" />
          )}
        </>
      )}
    </section>
  );
}
