import type { BusinessStats } from '@core/schemas/business-stats.ts';
import { formatUsd, hourLabel, monthLabel, periodLabels, shortDate, weekdayNames } from './chart-format.ts';

// Each chart's one-sentence summary and table rows: what screen readers get instead of the drawing.

type Table = { caption: string; columns: string[]; rows: (string | number)[][] };

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

export function revenueSummary(stats: BusinessStats): { summary: string; table: Table } {
  const best = stats.revenueByWeek.reduce((top, week) => (week.amountCents > top.amountCents ? week : top), stats.revenueByWeek[0]!);
  const basis = stats.revenueSource === 'ledger' ? 'after commission, tips included' : 'job prices before commission';
  const summary =
    stats.totalRevenueCents > 0
      ? `${formatUsd(stats.totalRevenueCents)} in the last ${periodLabels[stats.period]} (${basis}); best week ${shortDate(best.weekStart)} at ${formatUsd(best.amountCents)}.`
      : `No revenue in the last ${periodLabels[stats.period]}.`;
  return {
    summary,
    table: {
      caption: `Revenue per week, ${basis}`,
      columns: ['Week of', 'Revenue'],
      rows: stats.revenueByWeek.map((week) => [shortDate(week.weekStart), formatUsd(week.amountCents)]),
    },
  };
}

export function servicesSummary(stats: BusinessStats): { summary: string; table: Table } {
  const top = stats.bookingsByService[0];
  return {
    summary: top
      ? `Most booked: ${top.serviceName}, ${top.count} of ${plural(stats.completedBookings, 'completed job')}.`
      : 'No completed jobs in this period.',
    table: {
      caption: 'Completed jobs by service',
      columns: ['Service', 'Jobs', 'Booked price'],
      rows: stats.bookingsByService.map((service) => [service.serviceName, service.count, formatUsd(service.revenueCents)]),
    },
  };
}

export function ratingSummary(stats: BusinessStats): { summary: string; table: Table } {
  const rated = stats.ratingByMonth.filter((month) => month.reviewCount > 0);
  const count = rated.reduce((sum, month) => sum + month.reviewCount, 0);
  const average = count ? rated.reduce((sum, month) => sum + (month.averageRating ?? 0) * month.reviewCount, 0) / count : 0;
  return {
    // The rating customers see first (the same figure as the cards), then this period's own reviews, named as such:
    // '4.6 from 47' beside a card's '4.8 (261)' read as two answers to one question.
    summary: `Customers see ${stats.rating.average.toFixed(1)} out of 5 from ${plural(stats.rating.reviewCount, 'review')}. ${
      count ? `This period: ${average.toFixed(1)} from ${plural(count, 'review')}.` : 'No published reviews in this period yet.'
    }`,
    table: {
      caption: 'Average customer rating per month',
      columns: ['Month', 'Rating', 'Reviews'],
      rows: stats.ratingByMonth.map((month) => [
        monthLabel(month.month, 'long'),
        month.averageRating === null ? 'No reviews' : month.averageRating.toFixed(1),
        month.reviewCount,
      ]),
    },
  };
}

export function busyHoursSummary(stats: BusinessStats): { summary: string; table: Table } {
  const byCount = [...stats.busyHours].sort((a, b) => b.count - a.count || a.weekday - b.weekday || a.hour - b.hour);
  const top = byCount[0];
  return {
    summary: top
      ? `Busiest: ${weekdayNames[top.weekday]}s at ${hourLabel(top.hour)} (${plural(top.count, 'job')}, completed and upcoming).`
      : 'No completed or upcoming jobs in this period.',
    table: {
      caption: 'Completed and upcoming jobs by day and starting hour, busiest first',
      columns: ['Day and time', 'Jobs'],
      rows: byCount.map((cell) => [`${weekdayNames[cell.weekday]} ${hourLabel(cell.hour)}`, cell.count]),
    },
  };
}

export function repeatSummary(stats: BusinessStats): { summary: string; table: Table } {
  const { repeat, total } = stats.repeatCustomers;
  const share = total ? Math.round((repeat / total) * 100) : 0;
  return {
    summary: total
      ? `${share}% of your customers came back: ${repeat} of ${total} booked two or more jobs.`
      : 'No customers in this period yet.',
    table: {
      caption: 'Customers with completed jobs in this period',
      columns: ['Customers', 'Count'],
      rows: [
        ['Returning (2 or more jobs)', repeat],
        ['One-time', total - repeat],
        ['All customers', total],
      ],
    },
  };
}
