import type { ReactNode } from 'react';
import type { SavedAddress } from '@core/schemas/address.ts';
import { PlaceLabelIcon } from '@/components/places/place-label-icon.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { fieldClasses } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { cn } from '@/lib/cn.ts';

// Step 2's saved places (decision 019): pick one of the customer's places, or type a new one and keep it.

/** The address fields as the form holds them. */
export type TypedPlace = { address?: string; apt?: string; city?: string; zip?: string };

/** The saved place the typed fields are, if any (compared trimmed). */
export function matchingPlace(places: readonly SavedAddress[], typed: TypedPlace): SavedAddress | undefined {
  const same = (a: string | undefined, b: string) => (a ?? '').trim() === b;
  return places.find((p) => same(typed.address, p.address) && same(typed.apt, p.apt) && same(typed.city, p.city) && same(typed.zip, p.zip));
}

const newAddress = 'new';

/** A select of the customer's places, and "New address" to type one. */
export function SavedPlaceSelect({
  places,
  selected,
  onSelect,
}: {
  places: readonly SavedAddress[];
  selected: SavedAddress | undefined;
  onSelect: (place: SavedAddress | null) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="saved-place" className="flex items-center gap-1.5">
        {selected && <PlaceLabelIcon label={selected.label} className="size-4 text-brand-600" />}
        Saved places
      </Label>
      <select
        id="saved-place"
        className={cn(fieldClasses, 'h-11')}
        value={selected ? String(selected.id) : newAddress}
        onChange={(event) => onSelect(places.find((p) => String(p.id) === event.target.value) ?? null)}
      >
        {places.map((place) => (
          <option key={place.id} value={place.id}>
            {place.label}: {place.address}
            {place.isDefault ? ' (default)' : ''}
          </option>
        ))}
        <option value={newAddress}>New address</option>
      </select>
    </div>
  );
}

/** 'Save this place' and, once ticked, the label it is saved under. */
export function SavePlaceOption({
  isChecked,
  onCheckedChange,
  labelInput,
  error,
}: {
  isChecked: boolean;
  onCheckedChange: (checked: boolean) => void;
  labelInput: ReactNode;
  error: string | undefined;
}) {
  return (
    <div className="grid gap-3 rounded-control border border-neutral-200 p-3">
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox id="save-place" checked={isChecked} onCheckedChange={onCheckedChange} />
        <Label htmlFor="save-place">Save this place</Label>
      </div>
      {isChecked && (
        <div className="grid gap-1.5">
          <Label htmlFor="placeLabel">Label</Label>
          {labelInput}
          <p id="placeLabel-hint" className="text-xs text-neutral-600">
            Home, Work or any name. Next time, booking fills this address in for you.
          </p>
          <FieldError id="placeLabel-error">{error}</FieldError>
        </div>
      )}
    </div>
  );
}
