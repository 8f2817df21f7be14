import { Bar, BarChart, CartesianGrid, Cell, LabelList, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { BusinessStats } from '@core/schemas/business-stats.ts';
import { compactUsd, formatUsd, monthLabel, shortDate } from './chart-format.ts';

// The Recharts drawings of the business dashboard; only this page imports this file, so Recharts loads only here.
// Colours are the Tailwind theme's tokens (client/src/index.css) read as CSS variables: no second palette.
// Each drawing is hidden from assistive tech by its card (the card's summary and table carry the figures), so the
// charts take no focus: accessibilityLayer off.

const brand = 'var(--color-brand-600)';
const grid = 'var(--color-neutral-200)';
const tick = { fill: 'var(--color-neutral-600)', fontSize: 12 };
const size = { width: '100%', height: '100%' } as const;

// Motion is off for those who asked for less of it (PRODUCT.md).
const animate = !(
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches
);

const tooltipStyle = {
  contentStyle: { borderRadius: 8, border: '1px solid var(--color-neutral-200)', fontSize: 12 },
  labelStyle: { color: 'var(--color-neutral-900)', fontWeight: 600 },
};

export function RevenueChart({ weeks }: { weeks: BusinessStats['revenueByWeek'] }) {
  return (
    <BarChart data={weeks} responsive style={size} accessibilityLayer={false} margin={{ top: 8, right: 4, bottom: 0, left: 0 }}>
      <CartesianGrid vertical={false} stroke={grid} />
      <XAxis
        dataKey="weekStart"
        tickFormatter={shortDate}
        tick={tick}
        tickLine={false}
        axisLine={false}
        interval="preserveStartEnd"
        minTickGap={16}
      />
      <YAxis tickFormatter={compactUsd} tick={tick} tickLine={false} axisLine={false} width={48} allowDecimals={false} />
      <Tooltip
        {...tooltipStyle}
        cursor={{ fill: 'var(--color-brand-50)' }}
        labelFormatter={(week) => `Week of ${shortDate(String(week))}`}
        formatter={(value) => [formatUsd(Number(value)), 'Revenue']}
      />
      <Bar dataKey="amountCents" fill={brand} radius={[4, 4, 0, 0]} maxBarSize={28} isAnimationActive={animate} />
    </BarChart>
  );
}

/** The five most booked services; the table lists them all. */
export function ServicesChart({ services }: { services: BusinessStats['bookingsByService'] }) {
  const top = services.slice(0, 5);
  return (
    <BarChart
      data={top}
      layout="vertical"
      responsive
      style={size}
      accessibilityLayer={false}
      margin={{ top: 0, right: 32, bottom: 0, left: 0 }}
    >
      <XAxis type="number" hide allowDecimals={false} />
      <YAxis
        type="category"
        dataKey="serviceName"
        tick={tick}
        tickLine={false}
        axisLine={false}
        width={136}
        tickFormatter={(name: string) => (name.length > 19 ? `${name.slice(0, 18)}…` : name)}
      />
      <Bar dataKey="count" fill={brand} radius={[0, 4, 4, 0]} maxBarSize={24} isAnimationActive={animate}>
        <LabelList dataKey="count" position="right" fill="var(--color-neutral-900)" fontSize={12} />
      </Bar>
    </BarChart>
  );
}

export function RatingChart({ months }: { months: BusinessStats['ratingByMonth'] }) {
  if (months.every((month) => month.reviewCount === 0)) {
    return (
      <p className="flex h-full items-center justify-center rounded-control bg-neutral-50 text-sm text-neutral-600">
        No reviews in this period yet
      </p>
    );
  }
  return (
    <LineChart data={months} responsive style={size} accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
      <CartesianGrid vertical={false} stroke={grid} />
      <XAxis
        dataKey="month"
        tickFormatter={(month: string) => monthLabel(month)}
        tick={tick}
        tickLine={false}
        axisLine={false}
        interval="preserveStartEnd"
        minTickGap={8}
      />
      <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={tick} tickLine={false} axisLine={false} width={28} />
      <Tooltip
        {...tooltipStyle}
        labelFormatter={(month) => monthLabel(String(month), 'long')}
        formatter={(value) => [Number(value).toFixed(1), 'Average rating']}
      />
      <Line dataKey="averageRating" stroke={brand} strokeWidth={2} dot={{ r: 3, fill: brand }} connectNulls isAnimationActive={animate} />
    </LineChart>
  );
}

/** Returning customers against one-time ones, the share written in the hole. */
export function RepeatCustomersChart({ repeat, total }: BusinessStats['repeatCustomers']) {
  const slices = [
    { name: 'Returning', value: repeat, fill: brand },
    { name: 'One-time', value: total - repeat, fill: 'var(--color-neutral-300)' },
  ];
  const share = total ? Math.round((repeat / total) * 100) : 0;
  return (
    <div className="flex h-full items-center gap-4">
      <div className="relative h-full flex-1">
        <PieChart responsive style={size} accessibilityLayer={false}>
          <Pie
            data={slices}
            dataKey="value"
            nameKey="name"
            rootTabIndex={-1}
            innerRadius="62%"
            outerRadius="92%"
            startAngle={90}
            endAngle={-270}
            stroke="none"
            isAnimationActive={animate}
          >
            {slices.map((slice) => (
              <Cell key={slice.name} fill={slice.fill} />
            ))}
          </Pie>
        </PieChart>
        <p className="absolute inset-0 flex items-center justify-center text-2xl font-semibold text-neutral-900">{share}%</p>
      </div>
      <ul className="grid gap-2 text-sm text-neutral-700">
        {slices.map((slice) => (
          <li key={slice.name} className="flex items-center gap-2">
            <span className="size-3 rounded-sm" style={{ background: slice.fill }} />
            {slice.name}: <span className="font-medium text-neutral-900 tabular-nums">{slice.value}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
