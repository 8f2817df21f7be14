import { Star } from 'lucide-react';
import type { Detailer } from '@core/schemas/catalog.ts';
import { DetailerAvatar } from '@/components/catalog/detailer-avatar.tsx';

/** The booking header's detailer: avatar, business name and rating. */
export function DetailerSummary({ detailer }: { detailer: Detailer }) {
  return (
    <div className="flex items-center gap-3">
      <DetailerAvatar avatarUrl={detailer.avatarUrl} size={48} />
      <div className="min-w-0">
        <p className="truncate font-semibold text-neutral-900">{detailer.businessName}</p>
        <p className="flex items-center gap-1 text-sm text-neutral-600">
          <Star aria-hidden className="size-4 fill-warning-500 text-warning-500" />
          <span>
            {detailer.rating.toFixed(1)} <span className="text-neutral-500">({detailer.reviewCount} reviews)</span>
          </span>
        </p>
      </div>
    </div>
  );
}
