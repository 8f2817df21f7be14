import { useId, useState, type ReactNode } from 'react';
import { Table2, ChartColumn } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.tsx';

/** Every chart's drawing area: the skeletons use the same height, so nothing moves when the figures arrive. */
export const chartHeight = 208;

export type ChartCardProps = {
  title: string;
  /** The chart in one sentence: what sighted users read at a glance and what screen readers get first. */
  summary: string;
  /** The drawing; hidden from assistive tech, which reads the summary and the table instead. */
  chart: ReactNode;
  /** The same figures as a <table>, caption included. */
  table: ReactNode;
};

/** One chart of the business dashboard with its 'Show table' toggle (the table replaces the drawing). */
export function ChartCard({ title, summary, chart, table }: ChartCardProps) {
  const [isTable, setIsTable] = useState(false);
  const headingId = useId();
  const bodyId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle id={headingId}>{title}</CardTitle>
          <CardDescription>{summary}</CardDescription>
        </div>
        <Button
          variant="ghost"
          className="-mt-2 -mr-2 shrink-0 px-3 text-brand-700"
          aria-expanded={isTable}
          aria-controls={bodyId}
          onClick={() => setIsTable((shown) => !shown)}
        >
          {isTable ? <ChartColumn aria-hidden /> : <Table2 aria-hidden />}
          {isTable ? 'Show chart' : 'Show table'}
        </Button>
      </CardHeader>
      <CardContent id={bodyId} className="pb-4">
        {isTable ? (
          // A long table scrolls in place; keyboard users can focus it to scroll.
          <div
            className="max-h-80 overflow-y-auto"
            style={{ minHeight: chartHeight }}
            tabIndex={0}
            role="group"
            aria-label={`${title}, table`}
          >
            {table}
          </div>
        ) : (
          <div aria-hidden="true" style={{ height: chartHeight }}>
            {chart}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** A plain data table in the dashboard's style; the caption names it for screen readers and sighted users alike. */
export function StatsTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="pb-2 text-left text-xs font-medium text-neutral-600">{caption}</caption>
      <thead>
        <tr className="border-b border-neutral-200">
          {columns.map((column, index) => (
            <th
              key={column}
              scope="col"
              className={index === 0 ? 'py-2 pr-2 font-medium text-neutral-700' : 'py-2 pl-2 text-right font-medium text-neutral-700'}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])} className="border-b border-neutral-100 last:border-0">
            {row.map((cell, index) =>
              index === 0 ? (
                <th key={index} scope="row" className="py-2 pr-2 font-normal text-neutral-900">
                  {cell}
                </th>
              ) : (
                <td key={index} className="py-2 pl-2 text-right tabular-nums text-neutral-900">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
