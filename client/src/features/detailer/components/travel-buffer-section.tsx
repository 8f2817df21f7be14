import { travelBufferChoices } from '@core/domain/drive-time.ts';
import { fieldClasses } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { toast } from '@/lib/toast.ts';
import { useTravelBuffer, useUpdateTravelBuffer } from '../api/travel-buffer.ts';

/**
 * 'Travel buffer' on /detailer/availability (issue 20): the minutes added to the drive between two jobs, so
 * customers are only offered times the detailer can reach. Saved as soon as it is chosen.
 */
export function TravelBufferSection() {
  const buffer = useTravelBuffer();
  const save = useUpdateTravelBuffer();
  const current = buffer.data?.minutes;
  // A value set before these choices (any 0-120) is still shown as it is.
  const choices =
    current === undefined || (travelBufferChoices as readonly number[]).includes(current)
      ? travelBufferChoices
      : [...travelBufferChoices, current].sort((a, b) => a - b);
  return (
    <section aria-labelledby="travel-buffer-heading" className="grid gap-3">
      <div>
        <h2 id="travel-buffer-heading" className="text-lg font-semibold text-neutral-900">
          Travel buffer
        </h2>
        <p id="travel-buffer-help" className="text-sm text-neutral-600">
          Added to the drive between two jobs (parking, packing up). Customers only see times you can reach.
        </p>
      </div>
      {buffer.isPending ? (
        <Skeleton className="h-11" />
      ) : buffer.isError ? (
        <p role="alert" className="text-sm text-danger-700">
          {errorMessage(buffer.error, "We couldn't load your travel buffer.")}
        </p>
      ) : (
        <div className="grid gap-1">
          <Label htmlFor="travel-buffer">Travel buffer</Label>
          <select
            id="travel-buffer"
            aria-describedby="travel-buffer-help"
            className={cn(fieldClasses, 'h-11')}
            value={current}
            disabled={save.isPending}
            onChange={(event) =>
              save.mutate(
                { minutes: Number(event.target.value) },
                {
                  onSuccess: (saved) => toast({ title: 'Travel buffer saved', description: `${saved.minutes} minutes between jobs.` }),
                  onError: (error) =>
                    toast({ title: 'Could not save', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                },
              )
            }
          >
            {choices.map((minutes) => (
              <option key={minutes} value={minutes}>
                {minutes === 0 ? 'No buffer' : `${minutes} minutes`}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}
