import { RotateCcw } from 'lucide-react';
import { vehicleName } from '@core/domain/vehicles.ts';
import { Button } from '@/components/ui/button.tsx';
import { TermList, type Term } from '@/components/ui/term-list.tsx';
import { useVehicles } from '@/components/vehicles/api/get-vehicles.ts';

export interface RebookSummaryProps {
  serviceName: string;
  vehicleType: string;
  vehicleId: number | null;
  notes: string | null;
  /** Back to step 1, to pick another service or car. */
  onChange: () => void;
}

/** Step 2 of 'Book again': what was copied from last time (step 1 is skipped), with the way back to change it. */
export function RebookSummary({ serviceName, vehicleType, vehicleId, notes, onChange }: RebookSummaryProps) {
  // Already read when the flow was prefilled; after a reload the type shows until the car's name arrives (one line).
  const vehicles = useVehicles({ enabled: vehicleId !== null });
  const car = vehicles.data?.find((v) => v.id === vehicleId);
  const rows: Term[] = [
    ['Service', serviceName],
    ['Car', car ? `${vehicleName(car)} · ${car.vehicleType}` : vehicleType],
  ];
  if (notes) rows.push(['Notes', notes]);
  return (
    <section aria-labelledby="rebook-summary-heading" className="mb-6 grid gap-2 rounded-card bg-brand-50 p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="rebook-summary-heading" className="flex items-center gap-2 text-base font-semibold text-neutral-900">
          <RotateCcw aria-hidden className="size-4 text-brand-700" />
          Same as last time
        </h2>
        <Button variant="ghost" className="-my-2 -mr-2 text-brand-700 hover:bg-brand-100" onClick={onChange}>
          Change<span className="sr-only"> service, car or notes</span>
        </Button>
      </div>
      <TermList
        terms={rows}
        className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm"
        rowClassName="contents"
        valueClassName="truncate font-medium"
      />
    </section>
  );
}
