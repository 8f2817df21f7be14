import { useState } from 'react';
import { Link } from 'wouter';
import { ChartColumn } from 'lucide-react';
import type { StatsPeriod } from '@core/domain/business-weeks.ts';
import type { BusinessStats } from '@core/schemas/business-stats.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useBusinessStats } from '../api/get-business-stats.ts';
import { BusyHoursGrid } from '../components/busy-hours-grid.tsx';
import { ChartCard, StatsTable, chartHeight } from '../components/chart-card.tsx';
import { formatUsd, periodLabels } from '../components/chart-format.ts';
import { busyHoursSummary, ratingSummary, repeatSummary, revenueSummary, servicesSummary } from '../components/chart-summaries.ts';
import { RatingChart, RepeatCustomersChart, RevenueChart, ServicesChart } from '../components/dashboard-charts.tsx';
import { PeriodPicker } from '../components/period-picker.tsx';

/** 'America/Los_Angeles' as 'Los Angeles': the city people know their zone by. */
const zoneName = (timeZone: string) => (timeZone.split('/').at(-1) ?? timeZone).replace(/_/g, ' ');

const chartTitles = ['Revenue per week', 'Bookings by service', 'Rating over time', 'Busiest days and hours', 'Repeat customers'];

/** /business/dashboard: the detailer's business in five charts, each with its table for screen readers. */
export default function BusinessDashboardPage() {
  const [period, setPeriod] = useState<StatsPeriod>('12w');
  const stats = useBusinessStats(period);
  return (
    <div className="grid gap-4 p-4">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Business dashboard</h1>
        <p className="text-sm text-neutral-600">
          {stats.data ? `Days and hours in ${zoneName(stats.data.timeZone)} time.` : 'How your business is doing.'}
        </p>
      </div>
      <PeriodPicker value={period} onChange={setPeriod} />
      {stats.isPending ? (
        <DashboardSkeleton />
      ) : stats.isError ? (
        <ErrorState message="We couldn't load your charts." onRetry={() => stats.refetch()} />
      ) : (
        <Dashboard stats={stats.data} isUpdating={stats.isPlaceholderData} />
      )}
    </div>
  );
}

function Dashboard({ stats, isUpdating }: { stats: BusinessStats; isUpdating: boolean }) {
  if (stats.completedBookings === 0 && stats.busyHours.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<ChartColumn />}
          title="Your charts fill in after your first completed job"
          description={`Nothing completed in the last ${periodLabels[stats.period]}. Revenue, services, ratings and your busiest hours show here as jobs are done.`}
          action={
            <Button asChild variant="secondary">
              <Link href="/detailer/bookings">See your jobs</Link>
            </Button>
          }
        />
      </Card>
    );
  }
  const revenue = revenueSummary(stats);
  const services = servicesSummary(stats);
  const rating = ratingSummary(stats);
  const busy = busyHoursSummary(stats);
  const repeat = repeatSummary(stats);
  return (
    <div className={isUpdating ? 'grid gap-4 opacity-60 transition-opacity' : 'grid gap-4 transition-opacity'} aria-busy={isUpdating}>
      <dl className="grid grid-cols-2 gap-3">
        <Card className="grid gap-1 p-4">
          <dt className="text-sm text-neutral-600">Revenue</dt>
          <dd className="text-xl font-semibold tabular-nums">{formatUsd(stats.totalRevenueCents)}</dd>
        </Card>
        <Card className="grid gap-1 p-4">
          <dt className="text-sm text-neutral-600">Completed jobs</dt>
          <dd className="text-xl font-semibold tabular-nums">{stats.completedBookings}</dd>
        </Card>
      </dl>
      <ChartCard
        title={chartTitles[0]!}
        summary={revenue.summary}
        chart={<RevenueChart weeks={stats.revenueByWeek} />}
        table={<StatsTable {...revenue.table} />}
      />
      <ChartCard
        title={chartTitles[1]!}
        summary={services.summary}
        chart={<ServicesChart services={stats.bookingsByService} />}
        table={<StatsTable {...services.table} />}
      />
      <ChartCard
        title={chartTitles[2]!}
        summary={rating.summary}
        chart={<RatingChart months={stats.ratingByMonth} />}
        table={<StatsTable {...rating.table} />}
      />
      <ChartCard
        title={chartTitles[3]!}
        summary={busy.summary}
        chart={<BusyHoursGrid cells={stats.busyHours} />}
        table={<StatsTable {...busy.table} />}
      />
      <ChartCard
        title={chartTitles[4]!}
        summary={repeat.summary}
        chart={<RepeatCustomersChart {...stats.repeatCustomers} />}
        table={<StatsTable {...repeat.table} />}
      />
    </div>
  );
}

/** The dashboard's outline while it loads: the tiles, and each card at its chart's height. */
function DashboardSkeleton() {
  return (
    <LoadingState label="Loading your charts" className="gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-[84px] rounded-card" />
        <Skeleton className="h-[84px] rounded-card" />
      </div>
      {chartTitles.map((title) => (
        <Card key={title} className="grid gap-2 p-4" aria-hidden>
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="mb-2 h-4 w-2/3" />
          <Skeleton style={{ height: chartHeight }} />
        </Card>
      ))}
    </LoadingState>
  );
}
