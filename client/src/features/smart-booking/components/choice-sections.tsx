import { useState, type ReactNode } from 'react';
import { timeWindowLabels } from '@core/domain/time-windows.ts';
import { vehicleTypes, type VehicleType } from '@core/domain/booking-fields.ts';
import type { SmartChoices } from '@core/schemas/smart-booking.ts';
import { CategoryChip } from '@/components/catalog/category-chip.tsx';
import { fieldClasses, Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { cn } from '@/lib/cn.ts';
import {
  anotherDayStart,
  dayRange,
  emptyNewPlace,
  isQuickWhen,
  sameWhen,
  whenChips,
  whenProblem,
  type Car,
  type SmartState,
  type What,
  type When,
  type Where,
} from '../lib/smart-state.ts';

type Change = (patch: Partial<SmartState>) => void;

/** A titled group of choices: a fieldset, so each chip is announced with its question. */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-neutral-900">{legend}</legend>
      {children}
    </fieldset>
  );
}

const selectClasses = cn(fieldClasses, 'h-11');

export function WhatChoice({ choices, what, onChange }: { choices: SmartChoices; what: What | null; onChange: Change }) {
  const categoryId = what?.kind === 'category' ? what.id : what ? choices.services.find((s) => s.id === what.id)?.categoryId : undefined;
  const inCategory = choices.services.filter((s) => s.categoryId === categoryId);
  return (
    <Group legend="What">
      <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        {choices.categories.map((category) => (
          <CategoryChip
            key={category.id}
            isActive={what?.kind === 'category' && what.id === category.id}
            onClick={() => onChange({ what: { kind: 'category', id: category.id } })}
          >
            {category.name}
          </CategoryChip>
        ))}
      </div>
      <Label htmlFor="smart-service" className="sr-only">
        Service
      </Label>
      <select
        id="smart-service"
        className={selectClasses}
        value={what ? `${what.kind}:${what.id}` : ''}
        onChange={(event) => {
          const [kind, id] = event.target.value.split(':');
          onChange({ what: { kind: kind as What['kind'], id: Number(id) } });
        }}
      >
        {!what && (
          <option value="" disabled>
            Choose a service
          </option>
        )}
        {categoryId !== undefined && (
          <option value={`category:${categoryId}`}>Any {choices.categories.find((c) => c.id === categoryId)?.name ?? ''} service</option>
        )}
        {(inCategory.length > 0 ? inCategory : choices.services).map((service) => (
          <option key={service.id} value={`service:${service.id}`}>
            {service.name}
          </option>
        ))}
      </select>
    </Group>
  );
}

export function CarChoice({ choices, car, onChange }: { choices: SmartChoices; car: Car; onChange: Change }) {
  return (
    <Group legend="Car">
      <Label htmlFor="smart-car" className="sr-only">
        Car or vehicle type
      </Label>
      <select
        id="smart-car"
        className={selectClasses}
        value={car.kind === 'saved' ? `saved:${car.id}` : `type:${car.vehicleType}`}
        onChange={(event) => {
          const [kind, value] = event.target.value.split(':') as [string, string];
          onChange({ car: kind === 'saved' ? { kind: 'saved', id: Number(value) } : { kind: 'type', vehicleType: value as VehicleType } });
        }}
      >
        {choices.cars.length > 0 && (
          <optgroup label="My cars">
            {choices.cars.map((c) => (
              <option key={c.id} value={`saved:${c.id}`}>
                {c.label} ({c.vehicleType})
              </option>
            ))}
          </optgroup>
        )}
        <optgroup label="Vehicle type">
          {vehicleTypes.map((type) => (
            <option key={type} value={`type:${type}`}>
              {type}
            </option>
          ))}
        </optgroup>
      </select>
    </Group>
  );
}

export function WhereChoice({ choices, where, onChange }: { choices: SmartChoices; where: Where; onChange: Change }) {
  const setNew = (patch: Partial<Extract<Where, { kind: 'new' }>>) =>
    onChange({ where: { ...(where.kind === 'new' ? where : emptyNewPlace), ...patch } as Where });
  return (
    <Group legend="Where">
      {choices.places.length > 0 && (
        <>
          <Label htmlFor="smart-place" className="sr-only">
            Address
          </Label>
          <select
            id="smart-place"
            className={selectClasses}
            value={where.kind === 'place' ? String(where.index) : 'new'}
            onChange={(event) =>
              onChange({ where: event.target.value === 'new' ? emptyNewPlace : { kind: 'place', index: Number(event.target.value) } })
            }
          >
            {choices.places.map((place, index) => (
              <option key={`${place.savedAddressId ?? 'last'}-${index}`} value={index}>
                {place.label}: {place.address}, {place.city} {place.zip}
              </option>
            ))}
            <option value="new">A new address</option>
          </select>
        </>
      )}
      {where.kind === 'new' && (
        <div className="grid grid-cols-2 gap-3">
          <div className="col-span-2 flex flex-col gap-1">
            <Label htmlFor="smart-address">Street address</Label>
            <Input
              id="smart-address"
              autoComplete="street-address"
              value={where.address}
              onChange={(e) => setNew({ address: e.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="smart-city">City</Label>
            <Input id="smart-city" autoComplete="address-level2" value={where.city} onChange={(e) => setNew({ city: e.target.value })} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="smart-zip">ZIP code</Label>
            <Input
              id="smart-zip"
              inputMode="numeric"
              autoComplete="postal-code"
              value={where.zip}
              onChange={(e) => setNew({ zip: e.target.value })}
            />
          </div>
        </div>
      )}
    </Group>
  );
}

export function WhenChoice({ today, when, onChange }: { today: string; when: When; onChange: Change }) {
  // 'Another day' stays open once chosen, and opens by itself when a suggested day is not one of the quick chips.
  const [another, setAnother] = useState(() => !isQuickWhen(today, when));
  const showAnother = another || !isQuickWhen(today, when);
  const { min, max } = dayRange(today);
  const problem = showAnother ? whenProblem(today, when) : null;
  const day = when.kind === 'day' ? when : null;
  return (
    <Group legend="When">
      <div className="flex flex-wrap gap-2">
        {whenChips(today).map((chip) => (
          <CategoryChip
            key={chip.label}
            isActive={!showAnother && sameWhen(chip.when, when)}
            onClick={() => {
              setAnother(false);
              onChange({ when: chip.when });
            }}
          >
            {chip.label}
          </CategoryChip>
        ))}
        <CategoryChip
          isActive={showAnother}
          onClick={() => {
            setAnother(true);
            onChange({ when: anotherDayStart(today, when) });
          }}
        >
          Another day
        </CategoryChip>
      </div>
      {showAnother && day && (
        <div id="smart-another-day" className="flex flex-col gap-3 rounded-lg border border-neutral-200 bg-neutral-50 p-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="smart-day">Day</Label>
            <Input
              id="smart-day"
              type="date"
              min={min}
              max={max}
              value={day.date}
              aria-invalid={problem !== null}
              aria-describedby={problem ? 'smart-day-problem' : undefined}
              onChange={(event) => onChange({ when: { ...day, date: event.target.value } })}
            />
            {problem && (
              <p id="smart-day-problem" role="alert" className="text-sm font-medium text-danger-700">
                {problem}
              </p>
            )}
          </div>
          <div role="group" aria-label="Time of day" className="flex gap-2">
            {bookableWindows.map((window) => (
              <CategoryChip key={window} isActive={day.window === window} onClick={() => onChange({ when: { ...day, window } })}>
                {timeWindowLabels[window]}
              </CategoryChip>
            ))}
          </div>
        </div>
      )}
      {/* Bookable starts run from 9:00 AM to 3:00 PM (spec), so there is no evening window to offer yet. */}
      <p className="text-sm text-neutral-600">Evenings are not bookable yet: the last start of the day is 3:00 PM.</p>
    </Group>
  );
}

const bookableWindows = ['morning', 'afternoon'] as const;
