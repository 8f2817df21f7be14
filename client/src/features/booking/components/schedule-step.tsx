import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { bookingStep2Schema, type BookingStep2 } from '@core/schemas/booking.ts';
import { Button } from '@/components/ui/button.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { useAvailability } from '../api/get-availability.ts';
import { DayCalendar } from './day-calendar.tsx';
import { StepHeading } from './step-heading.tsx';
import { TimeSlotPicker } from './time-slot-picker.tsx';

type Step2Input = z.input<typeof bookingStep2Schema>;
export type Step2Draft = {
  date: string | null;
  time: string | null;
  address: string | null;
  apt: string | null;
  city: string | null;
  zip: string | null;
};

export interface ScheduleStepProps {
  detailerId: number;
  serviceId: number | null;
  minDate: string;
  maxDate: string;
  draft: Step2Draft;
  onDraftChange: (draft: Step2Draft) => void;
  onContinue: (values: BookingStep2) => void;
  onBack: () => void;
}

/** Step 2, Select Date & Time: the day, one of its free slots, and where the car is. */
export function ScheduleStep({ detailerId, serviceId, minDate, maxDate, draft, onDraftChange, onContinue, onBack }: ScheduleStepProps) {
  const form = useForm<Step2Input, unknown, BookingStep2>({
    resolver: zodResolver(bookingStep2Schema),
    defaultValues: {
      date: draft.date ?? '',
      time: (draft.time ?? undefined) as Step2Input['time'],
      address: draft.address ?? '',
      apt: draft.apt ?? '',
      city: draft.city ?? '',
      zip: draft.zip ?? '',
    },
  });
  const { control, register, setValue, formState } = form;
  const [date, time, address, apt, city, zip] = useWatch({
    control,
    name: ['date', 'time', 'address', 'apt', 'city', 'zip'],
  });

  useEffect(() => {
    onDraftChange({
      date: date || null,
      time: time ?? null,
      address: address || null,
      apt: apt || null,
      city: city || null,
      zip: zip || null,
    });
  }, [date, time, address, apt, city, zip, onDraftChange]);

  const availability = useAvailability(date ? { detailerId, date, serviceId } : null);
  const slots = availability.isPlaceholderData ? undefined : availability.data?.slots;

  // A slot that was taken meanwhile (or a restored draft's slot) is not kept selected.
  useEffect(() => {
    if (!slots || !time) return;
    if (!slots.some((slot) => slot.time === time && slot.available)) setValue('time', undefined as unknown as Step2Input['time']);
  }, [slots, time, setValue]);

  const canContinue = Boolean(date && time && address?.trim() && city?.trim() && zip?.trim());
  const errors = formState.errors;

  return (
    <form noValidate onSubmit={form.handleSubmit(onContinue)} className="grid gap-6">
      <section aria-labelledby="schedule-heading" className="grid gap-3">
        <StepHeading id="schedule-heading">Select Date &amp; Time</StepHeading>
        <Controller
          control={control}
          name="date"
          render={({ field }) => (
            <DayCalendar
              value={field.value || null}
              minDate={minDate}
              maxDate={maxDate}
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
        {!date ? (
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
                />
              )}
            />
            {slots && slots.every((slot) => !slot.available) && (
              <p className="text-sm text-neutral-600">No free times on this day. Please choose another date.</p>
            )}
          </>
        )}
        <FieldError id="time-error">{errors.time?.message}</FieldError>
      </section>

      <section aria-labelledby="location-heading" className="grid gap-4">
        <h2 id="location-heading" className="text-lg font-semibold text-neutral-900">
          Location
        </h2>
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
            error={errors.zip?.message}
            register={register}
          />
        </div>
      </section>

      <div className="grid grid-cols-[auto_1fr] gap-3">
        <Button variant="secondary" size="lg" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" size="lg" disabled={!canContinue}>
          Continue to Payment
        </Button>
      </div>
    </form>
  );
}

type TextFieldName = 'address' | 'apt' | 'city' | 'zip';

function TextField({
  label,
  name,
  error,
  register,
  autoComplete,
  inputMode,
}: {
  label: string;
  name: TextFieldName;
  error: string | undefined;
  register: ReturnType<typeof useForm<Step2Input, unknown, BookingStep2>>['register'];
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
      <FieldError id={`${name}-error`}>{error}</FieldError>
    </div>
  );
}
