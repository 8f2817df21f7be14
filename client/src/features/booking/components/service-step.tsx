import { memo, useCallback, useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Clock } from 'lucide-react';
import { notesMaxLength } from '@core/domain/booking-fields.ts';
import type { BookingStep1, BookingStep1Input as Step1Input } from '@core/schemas/booking.ts';
import type { Service } from '@core/schemas/catalog.ts';
import { formatUsd } from '@core/domain/money.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { cn } from '@/lib/cn.ts';
import { StepHeading } from './step-heading.tsx';
import { VehicleTypeSelect } from '@/components/vehicles/vehicle-type-select.tsx';
import type { Vehicle } from '@core/schemas/vehicle.ts';
import { SavedVehiclesField } from './saved-vehicle-choice.tsx';
import { schemaResolver } from '@/lib/schema-resolver.ts';

const resolver = schemaResolver<Step1Input, BookingStep1>(() =>
  import('@core/schemas/booking.ts').then((schemas) => schemas.bookingStep1Schema),
);

/** `vehicleId`: the saved car chosen (decision 019), whose type is `vehicleType`. */
export type Step1Draft = { serviceId: number | null; vehicleType: string | null; notes: string | null; vehicleId?: number | null };

export interface ServiceStepProps {
  services: Service[];
  draft: Step1Draft;
  onDraftChange: (draft: Step1Draft) => void;
  onContinue: (values: BookingStep1) => void;
}

/**
 * Step 1, Select a Service: the detailer's services, then Vehicle Information. `draft` is read when the step opens;
 * memoized, so that the page saving the draft after a tap does not render the step again (issue 40).
 */
export const ServiceStep = memo(function ServiceStep({ services, draft, onDraftChange, onContinue }: ServiceStepProps) {
  const form = useForm<Step1Input, unknown, BookingStep1>({
    resolver,
    defaultValues: {
      serviceId: draft.serviceId ?? undefined,
      vehicleType: (draft.vehicleType ?? '') as Step1Input['vehicleType'],
      notes: draft.notes ?? '',
    },
  });
  const { control, register, setValue, formState } = form;
  const [serviceId, vehicleType, notes] = useWatch({ control, name: ['serviceId', 'vehicleType', 'notes'] });

  // The saved car chosen, with its type: picking another type in the dropdown lets go of it.
  const [car, setCar] = useState(() => (draft.vehicleId ? { id: draft.vehicleId, vehicleType: draft.vehicleType } : null));
  const chooseCar = useCallback(
    (vehicle: Vehicle | null) => {
      setCar(vehicle ? { id: vehicle.id, vehicleType: vehicle.vehicleType } : null);
      if (vehicle) setValue('vehicleType', vehicle.vehicleType, { shouldValidate: formState.isSubmitted, shouldDirty: true });
    },
    [setValue, formState.isSubmitted],
  );
  const vehicleId = car?.id ?? null;

  useEffect(() => {
    onDraftChange({ serviceId: serviceId ?? null, vehicleType: vehicleType || null, notes: notes || null, vehicleId });
  }, [serviceId, vehicleType, notes, vehicleId, onDraftChange]);

  const canContinue = Boolean(serviceId) && Boolean(vehicleType);
  const errors = formState.errors;

  return (
    <form noValidate onSubmit={form.handleSubmit(onContinue)} className="grid gap-6">
      <section aria-labelledby="select-service-heading" className="grid gap-3">
        <StepHeading id="select-service-heading">Select a Service</StepHeading>
        {services.length === 0 ? (
          <p className="text-sm text-neutral-600">This detailer has no services to book right now.</p>
        ) : (
          <ul className="grid gap-3">
            {services.map((service) => {
              const isSelected = service.id === serviceId;
              return (
                <li key={service.id}>
                  <Card
                    className={cn(
                      'flex gap-3 border-2 p-4 transition-colors duration-150',
                      isSelected ? 'border-brand-600' : 'border-transparent',
                    )}
                  >
                    <div className="grid min-w-0 flex-1 gap-1">
                      <h3 className="font-semibold text-neutral-900">{service.name}</h3>
                      <p className="text-sm text-neutral-600">{service.description}</p>
                      <p className="flex items-center gap-1 text-sm text-neutral-600">
                        <Clock aria-hidden className="size-4" />
                        Duration: ~{service.duration} mins
                      </p>
                    </div>
                    <div className="flex shrink-0 flex-col items-end justify-between gap-2">
                      <p className="text-lg font-bold text-neutral-900">{formatUsd(service.priceCents)}</p>
                      <Button
                        size="sm"
                        className="min-h-11"
                        variant={isSelected ? 'primary' : 'secondary'}
                        aria-pressed={isSelected}
                        aria-label={`${isSelected ? 'Selected' : 'Select'} ${service.name}`}
                        onClick={() => setValue('serviceId', service.id, { shouldValidate: formState.isSubmitted, shouldDirty: true })}
                      >
                        {isSelected ? 'Selected' : 'Select'}
                      </Button>
                    </div>
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
        <FieldError id="service-error">{errors.serviceId?.message}</FieldError>
      </section>

      <section aria-labelledby="vehicle-heading" className="grid gap-4">
        <h2 id="vehicle-heading" className="text-lg font-semibold text-neutral-900">
          Vehicle Information
        </h2>
        <SavedVehiclesField selectedId={vehicleId} hasVehicleType={Boolean(vehicleType)} onChoose={chooseCar} />
        <div className="grid gap-1.5">
          <Label htmlFor="vehicleType">Vehicle Type</Label>
          <VehicleTypeSelect
            id="vehicleType"
            isEmpty={!vehicleType}
            aria-invalid={errors.vehicleType ? true : undefined}
            aria-describedby="vehicleType-error"
            {...register('vehicleType', { onChange: (event) => car && event.target.value !== car.vehicleType && setCar(null) })}
          />
          <FieldError id="vehicleType-error">{errors.vehicleType?.message}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="notes">Additional Notes</Label>
          <Textarea
            id="notes"
            rows={3}
            maxLength={notesMaxLength}
            placeholder="Any special requests for the detailer?"
            className="min-h-0"
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby="notes-error"
            {...register('notes')}
          />
          <FieldError id="notes-error">{errors.notes?.message}</FieldError>
        </div>
      </section>

      <Button type="submit" size="lg" disabled={!canContinue}>
        Continue to Schedule
      </Button>
    </form>
  );
});
