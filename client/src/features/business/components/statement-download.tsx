import { useState } from 'react';
import { Download } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.tsx';
import { statementUrl } from '../api/get-earnings.ts';
import { formatMonth } from './money-format.ts';

/** A month's statement as CSV (one line per job, tip, refund and payout, with totals), for the months with activity. */
export function StatementDownload({ months }: { months: string[] }) {
  const [month, setMonth] = useState(months[0]!);
  return (
    <Card role="region" aria-labelledby="statements-heading" className="grid gap-3 p-4 sm:p-6">
      <h2 id="statements-heading" className="text-lg font-semibold tracking-tight text-neutral-900">
        Statements
      </h2>
      <div className="grid gap-1.5">
        <Label htmlFor="statement-month">Month</Label>
        <Select value={month} onValueChange={setMonth}>
          <SelectTrigger id="statement-month">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {months.map((value) => (
              <SelectItem key={value} value={value}>
                {formatMonth(value)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <a href={statementUrl(month)} download className={buttonClasses('secondary')}>
        <Download aria-hidden="true" /> Download statement
      </a>
    </Card>
  );
}
