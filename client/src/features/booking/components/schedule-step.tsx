import { memo, useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { SavedAddress } from '@core/schemas/address.ts';
import type { BookingStep2 } from '@core/schemas/booking.ts';
import { useSavedAddresses } from '@/components/places/api/get-addresses.ts';
import { Textarea } from '@/components/ui/textarea.tsx';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useAvailability } from '../api/get-availability.ts';
import { useClosedDays } from '../api/get-closed-days.ts';
import { zipPattern } from '@core/domain/places.ts';
import { slotRefusalMessages, type TimeSlotLabel } from '@core/domain/time-slots.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useDetailerSoonestSlots } from '../api/get-detailer-soonest-slots.ts';
import { DayCalendar } from './day-calendar.tsx';
import { StepHeading } from './step-heading.tsx';
import { TimeSlotPicker } from './time-slot-picker.tsx';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import type { PendingBooking } from '../lib/pending-booking.ts';
import type { ScheduleFormInput as Step2Input, ScheduleFormOutput as Step2Output } from '../lib/schedule-form.ts';
import { matchingPlace, SavedPlaceSelect, SavePlaceOption } from './place-fields.tsx';

const resolver = schemaResolver<Step2Input, Step2Output>(() => import('../lib/schedule-form.ts').then((form) => form.scheduleFormSchema));
/** Step 2's part of the booking draft; `saveAddressLabel` is the label to save the typed address under, or null. */
export type Step2Draft = Pick<PendingBooking, 'date' | 'time' | 'address' | 'apt' | 'city' | 'zip' | 'accessNotes' | 'saveAddressLabel'>;

export interface ScheduleStepProps {
  detailerId: number;
  serviceId: number | null;
  minDate: string;
  maxDate: string;
  draft: Step2Draft;
  onDraftChange: (draft: Step2Draft) => void;
  onContinue: (values: BookingStep2) => void;
  onBack: () => void;
  /** 'Book again': mark the detailer's soonest free slots, and open their first day when no day is chosen. */
  highlightSoonest?: boolean;
}

/**
 * Step 2, Select Date & Time: the day, one of its free slots, and where the car is. `draft` is read when the step
 * opens; memoized, so that the page saving the draft after a keystroke does not render the step again (issue 40).
 */
export const ScheduleStep = memo(function ScheduleStep({
  detailerId,
  serviceId,
  minDate,
  maxDate,
  draft,
  onDraftChange,
  onContinue,
  onBack,
  highlightSoonest = false,
}: ScheduleStepProps) {
  const form = useForm<Step2Input, unknown, Step2Output>({
    resolver,
    defaultValues: {
      date: draft.date ?? '',
      time: (draft.time ?? undefined) as Step2Input['time'],
      address: draft.address ?? '',
      apt: draft.apt ?? '',
      city: draft.city ?? '',
      zip: draft.zip ?? '',
      accessNotes: draft.accessNotes ?? '',
      savePlace: Boolean(draft.saveAddressLabel),
      placeLabel: draft.saveAddressLabel ?? 'Home',
    },
  });
  const { control, register, setValue, getValues, formState } = form;
  const [date, time, address, apt, city, zip, accessNotes, savePlace, placeLabel] = useWatch({
    control,
    name: ['date', 'time', 'address', 'apt', 'city', 'zip', 'accessNotes', 'savePlace', 'placeLabel'],
  });

  // A signed-in customer's places: the default one fills an empty form once, the others are a pick away.
  const { user } = useCurrentUser();
  const placesQuery = useSavedAddresses({ enabled: user?.role === 'customer' });
  const places = (user?.role === 'customer' && placesQuery.data) || [];
  const selectedPlace = matchingPlace(places, { address, apt, city, zip });
  const canSavePlace = user?.role === 'customer' && !selectedPlace && Boolean(address?.trim() && city?.trim() && zip?.trim());
  const fillFrom = (place: SavedAddress | null) => {
    for (const name of ['address', 'apt', 'city', 'zip', 'accessNotes'] as const) {
      setValue(name, place?.[name] ?? '', { shouldDirty: true, shouldValidate: formState.isSubmitted });
    }
    if (place) setValue('savePlace', false);
  };
  const hasPrefilled = useRef(false);
  useEffect(() => {
    if (hasPrefilled.current || !placesQuery.data) return;
    hasPrefilled.current = true;
    const place = placesQuery.data.find((p) => p.isDefault);
    if (place && !getValues('address') && !getValues('city') && !getValues('zip')) fillFrom(place);
    // Once, when the places arrive; fillFrom only writes form values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [placesQuery.data]);

  useEffect(() => {
    onDraftChange({
      date: date || null,
      time: time ?? null,
      address: address || null,
      apt: apt || null,
      city: city || null,
      zip: zip || null,
      accessNotes: accessNotes?.trim() || null,
      saveAddressLabel: canSavePlace && savePlace ? placeLabel?.trim() || null : null,
    });
  }, [date, time, address, apt, city, zip, accessNotes, canSavePlace, savePlace, placeLabel, onDraftChange]);

  // Where the car is decides which times the detailer can reach (the server's one rule): the slots are asked with
  // the ZIP once it is a whole one, and a place beyond the detailer's area is refused here, on the ZIP field.
  const jobZip = zip && zipPattern.test(zip.trim()) ? zip.trim() : null;
  const soonest = useDetailerSoonestSlots(highlightSoonest && jobZip ? { detailerId, serviceId, fromDate: minDate, zip: jobZip } : null);
  useEffect(() => {
    const first = soonest.data?.[0];
    if (first && first.date <= maxDate && !getValues('date')) setValue('date', first.date, { shouldDirty: true });
  }, [soonest.data, maxDate, getValues, setValue]);
  const soonestTimes = soonest.data?.filter((slot) => slot.date === date).map((slot) => slot.time);

  const availability = useAvailability(date && jobZip ? { detailerId, date, serviceId, zip: jobZip } : null);
  const slots = availability.isPlaceholderData ? undefined : availability.data?.slots;
  const areaError =
    availability.error instanceof ApiError && availability.error.status === 422
      ? (availability.error.fields?.zip ?? availability.error.serverMessage)
      : undefined;
  const closedDays = useClosedDays(detailerId, serviceId);

  // A chosen slot the server no longer offers (taken meanwhile, out of reach from a new address, a restored draft's
  // slot) is cleared, with the server's reason in words; the words go once another time is chosen.
  const [clearedSlot, setClearedSlot] = useState<{ time: TimeSlotLabel; message: string } | null>(null);
  const [judgedSlots, setJudgedSlots] = useState(slots);
  if (slots !== judgedSlots) {
    setJudgedSlots(slots);
    const slot = time ? slots?.find((candidate) => candidate.time === time) : undefined;
    if (slot && slot.reason !== 'ok') setClearedSlot({ time: slot.time, message: slotRefusalMessages[slot.reason] });
  }
  useEffect(() => {
    if (!slots || !time) return;
    if (!slots.some((slot) => slot.time === time && slot.available)) setValue('time', undefined as unknown as Step2Input['time']);
  }, [slots, time, setValue]);

  const canContinue = Boolean(date && time && address?.trim() && city?.trim() && zip?.trim() && !areaError);
  const errors = formState.errors;

  return (
    <form noValidate onSubmit={form.handleSubmit(onContinue)} className="grid gap-6" aria-labelledby="schedule-heading">
      <StepHeading id="schedule-heading">Select Date &amp; Time</StepHeading>
      <section aria-labelledby="location-heading" className="grid gap-4">
        <h2 id="location-heading" className="text-lg font-semibold text-neutral-900">
          Location
        </h2>
        <p className="-mt-2 text-sm text-neutral-600">Where the car will be: the times below are the ones the detailer can reach it.</p>
        {places.length > 0 && <SavedPlaceSelect places={places} selected={selectedPlace} onSelect={fillFrom} />}
        <TextField label="Address" name="address" autoComplete="street-address" error={errors.address?.message} register={register} />
        <TextField
          label="Apartment/Suite/Unit (optional)"
          name="apt"
          autoComplete="address-line2"
          error={errors.apt?.message}
          register={register}
        />
        <div className="grid grid-cols-[1fr_8rem] gap-3">
          <TextField label="City" name="city" autoComplete="address-level2" error={errors.city?.message} register={register} />
          <TextField
            label="Zip"
            name="zip"
            autoComplete="postal-code"
            inputMode="numeric"
            error={errors.zip?.message ?? areaError}
            errorBelowRow
            register={register}
          />
        </div>
        {/* The Zip column is narrow: its message (the service area's is a sentence) runs under the whole row. */}
        <FieldError id="zip-error" className="-mt-2">
          {errors.zip?.message ?? areaError}
        </FieldError>
        <div className="grid gap-1.5">
          <Label htmlFor="accessNotes">Access notes (optional)</Label>
          <Textarea
            id="accessNotes"
            rows={3}
            placeholder="Gate code, where to park"
            aria-invalid={errors.accessNotes ? true : undefined}
            aria-describedby="accessNotes-error"
            {...register('accessNotes')}
          />
          <FieldError id="accessNotes-error">{errors.accessNotes?.message}</FieldError>
        </div>
        {canSavePlace && !areaError && (
          <SavePlaceOption
            isChecked={Boolean(savePlace)}
            onCheckedChange={(checked) => setValue('savePlace', checked)}
            error={errors.placeLabel?.message}
            labelInput={
              <Input
                id="placeLabel"
                aria-invalid={errors.placeLabel ? true : undefined}
                aria-describedby="placeLabel-hint placeLabel-error"
                {...register('placeLabel')}
              />
            }
          />
        )}
      </section>

      <section aria-labelledby="date-heading" className="grid gap-3">
        <h2 id="date-heading" className="text-lg font-semibold text-neutral-900">
          Date
        </h2>
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <DayCalendar
              value={field.value || null}
              minDate={minDate}
              maxDate={maxDate}
              closedDates={closedDays.data?.closedDates}
              onChange={(next) => {
                if (next !== field.value) setValue('time', undefined as unknown as Step2Input['time']);
                field.onChange(next);
              }}
            />
          )}
        />
        <FieldError id="date-error">{errors.date?.message}</FieldError>
      </section>

      <section aria-labelledby="slots-heading" className="grid gap-3">
        <h2 id="slots-heading" className="text-lg font-semibold text-neutral-900">
          Available Time Slots
        </h2>
        {!date && highlightSoonest && soonest.isPending ? (
          // The slots' own skeleton, so the soonest day's slots take its place without moving what is below.
          <TimeSlotPicker slots={undefined} isLoading value={null} onChange={() => undefined} labelledBy="slots-heading" />
        ) : !jobZip ? (
          <p className="text-sm text-neutral-600">Enter the ZIP code where the car is to see the times this detailer can come.</p>
        ) : areaError ? (
          <p className="text-sm text-neutral-600">This detailer does not come to that ZIP code. Choose another address or detailer.</p>
        ) : !date ? (
          <p className="text-sm text-neutral-600">Choose a date to see the times this detailer can come.</p>
        ) : availability.isError ? (
          <div className="flex items-center justify-between gap-2 rounded-control bg-danger-50 p-3 text-sm text-danger-800" role="alert">
            We couldn't load the time slots.
            <Button size="sm" variant="secondary" onClick={() => availability.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <Controller
              control={control}
              name="time"
              render={({ field }) => (
                <TimeSlotPicker
                  slots={slots}
                  isLoading={!slots}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  labelledBy="slots-heading"
                  describedBy="time-error"
                  soonest={soonestTimes}
                />
              )}
            />
            {slots && slots.every((slot) => !slot.available) && (
              <p className="text-sm text-neutral-600">No free times on this day. Please choose another date.</p>
            )}
          </>
        )}
        {clearedSlot && !time && (
          <p className="text-sm text-warning-800" role="status">
            {clearedSlot.time} is no longer offered. {clearedSlot.message}
          </p>
        )}
        <FieldError id="time-error">{errors.time?.message}</FieldError>
      </section>

      <div className="grid grid-cols-[auto_1fr] gap-3">
        <Button variant="secondary" size="lg" onClick={onBack}>
          Back
        </Button>
        {/* The label wraps on a 320 px phone rather than widening the page beside Back. */}
        <Button type="submit" size="lg" disabled={!canContinue} className="min-w-0 whitespace-normal!">
          Continue to Payment
        </Button>
      </div>
    </form>
  );
});

type TextFieldName = 'address' | 'apt' | 'city' | 'zip';

function TextField({
  label,
  name,
  error,
  register,
  autoComplete,
  inputMode,
  errorBelowRow = false,
}: {
  label: string;
  name: TextFieldName;
  error: string | undefined;
  /** The message is drawn by the caller under the field's row, with the same id. */
  errorBelowRow?: boolean;
  register: ReturnType<typeof useForm<Step2Input, unknown, Step2Output>>['register'];
  autoComplete?: string;
  inputMode?: 'numeric';
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={name}>{label}</Label>
      <Input
        id={name}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${name}-error`}
        {...register(name)}
      />
      {!errorBelowRow && <FieldError id={`${name}-error`}>{error}</FieldError>}
    </div>
  );
}
