import { LocateFixed, MapPin } from 'lucide-react';
import { defaultCity } from '@core/domain/distance.ts';
import { useSharedLocation } from '@/components/catalog/shared-location.ts';
import { toast } from '@/lib/toast.ts';

/** The city the distances are measured from, and a small button that asks the browser for the real location. */
export function LocationLine() {
  const { status, requestLocation } = useSharedLocation();
  const isShared = status === 'shared';

  async function shareLocation() {
    const isGranted = await requestLocation();
    if (!isGranted) {
      toast({
        title: 'Location unavailable',
        description: `Distances are shown from ${defaultCity.label}. Allow location access in your browser to see real distances.`,
      });
    }
  }

  return (
    <div className="flex items-center justify-between gap-2">
      <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-neutral-800">
        <MapPin aria-hidden className="size-4 shrink-0 text-brand-600" />
        <span className="truncate">{isShared ? 'Near your location' : defaultCity.label}</span>
      </p>
      {!isShared && (
        <button
          type="button"
          onClick={() => void shareLocation()}
          disabled={status === 'locating'}
          className="-mr-2 inline-flex min-h-11 shrink-0 items-center gap-1 rounded-control px-2 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          <LocateFixed aria-hidden className="size-4" />
          {status === 'locating' ? 'Locating…' : 'Use my location'}
        </button>
      )}
    </div>
  );
}
