import { ChevronRight, X } from 'lucide-react';
import { Link } from 'wouter';
import type { Detailer } from '@core/schemas/catalog.ts';
import { distanceLabel } from '@/components/catalog/catalog-format.ts';
import { DetailerAvatar } from '@/components/catalog/detailer-avatar.tsx';
import { StarRating } from '@/components/catalog/star-rating.tsx';

/** Who a tapped pin is, with a link to their profile: loaded on the first tap of a pin (nearby-detailers-map.tsx). */
export default function NearbyDetailerPreview({ selected, onClose }: { selected: Detailer; onClose: () => void }) {
  return (
    <div role="group" aria-label="Selected detailer" className="flex items-center gap-3 rounded-card bg-surface p-2 pl-3 shadow-card">
      <DetailerAvatar avatarUrl={selected.avatarUrl} size={40} />
      <div className="min-w-0 flex-1">
        <Link
          href={`/detailers/${selected.id}`}
          className="flex min-h-6 items-center gap-1 truncate font-semibold text-neutral-900 hover:text-brand-700"
        >
          <span className="truncate">{selected.businessName}</span>
          <ChevronRight aria-hidden className="size-4 shrink-0" />
        </Link>
        <p className="flex items-center gap-2 text-xs whitespace-nowrap text-neutral-600">
          <StarRating value={selected.rating} count={selected.reviewCount} />
          <span aria-hidden>·</span>
          <span className="whitespace-nowrap">{distanceLabel(selected.distanceMiles)}</span>
        </p>
      </div>
      <button
        type="button"
        aria-label="Close detailer preview"
        onClick={onClose}
        className="flex size-11 shrink-0 items-center justify-center rounded-control text-neutral-600 hover:bg-neutral-100"
      >
        <X aria-hidden className="size-5" />
      </button>
    </div>
  );
}
