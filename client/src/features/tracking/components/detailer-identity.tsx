import { Car } from 'lucide-react';
import type { BookingTracking } from '@core/schemas/tracking.ts';
import { DetailerAvatar } from '@/components/catalog/detailer-avatar.tsx';

/** Who is coming and what to look for at the curb. */
export function DetailerIdentity({ detailer }: { detailer: BookingTracking['detailer'] }) {
  return (
    <div className="flex items-center gap-3">
      <DetailerAvatar avatarUrl={detailer.avatarUrl} size={56} />
      <div className="min-w-0">
        <p className="text-xs font-medium tracking-wide text-neutral-600 uppercase">Your detailer</p>
        <h2 className="truncate text-lg font-semibold text-neutral-900">{detailer.name}</h2>
        {detailer.vehicleDescription && (
          <p className="flex items-center gap-1.5 text-sm text-neutral-700">
            <Car aria-hidden className="size-4 shrink-0 text-neutral-500" />
            <span className="truncate">{detailer.vehicleDescription}</span>
          </p>
        )}
      </div>
    </div>
  );
}
