import type { ChecklistItem } from '@core/schemas/proof.ts';

/**
 * The checklist's heading and how much of it is done ('2 of 5 done'), alike for the customer and the detailer; no
 * count on an empty list. `id` names the section the heading labels.
 */
export function ChecklistHeading({ id, items }: { id: string; items: readonly Pick<ChecklistItem, 'checked'>[] }) {
  const done = items.filter((item) => item.checked).length;
  return (
    <div className="flex items-baseline justify-between gap-2">
      <h3 id={id} className="text-sm font-semibold text-neutral-900">
        Checklist
      </h3>
      {items.length > 0 && (
        <span className="text-xs text-neutral-600">
          {done} of {items.length} done
        </span>
      )}
    </div>
  );
}
