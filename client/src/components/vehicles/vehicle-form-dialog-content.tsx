import { useId, type ReactNode } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { modelsOfMake, vehicleMakeNames, vehicleTypeOf } from '@core/data/vehicle-models.ts';
import { maxVehicleYear, minVehicleYear, vehicleLimits } from '@core/domain/vehicles.ts';
import type { Vehicle, VehicleFormValues, VehicleInput } from '@core/schemas/vehicle.ts';
import { FormImageUpload } from '@/components/upload/form-image-upload.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateVehicle } from './api/create-vehicle.ts';
import { useUpdateVehicle } from './api/update-vehicle.ts';
import { VehicleTypeSelect } from './vehicle-type-select.tsx';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import type { VehicleFormDialogProps } from './vehicle-form-dialog.tsx';

const resolver = schemaResolver<VehicleFormValues, VehicleInput>(() =>
  import('@core/schemas/vehicle.ts').then((schemas) => schemas.vehicleInputSchema),
);

/** The dialog of VehicleFormDialog (vehicle-form-dialog.tsx), loaded when it first opens. */
export default function VehicleFormDialogContent({ open, onOpenChange, vehicle, onSaved }: VehicleFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{vehicle ? 'Edit car' : 'Add a car'}</DialogTitle>
        <DialogDescription>Make, model and year are needed; the type sets what a detailer charges for.</DialogDescription>
        {/* Mounted only while open, so each opening starts from the car as saved. */}
        {open && (
          <VehicleForm
            vehicle={vehicle}
            onSaved={(saved) => {
              onSaved?.(saved);
              onOpenChange(false);
            }}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

const formFields = ['make', 'model', 'year', 'color', 'licensePlate', 'vehicleType', 'nickname', 'photoUploadId'] as const;

function VehicleForm({ vehicle, onSaved, onCancel }: { vehicle?: Vehicle; onSaved: (vehicle: Vehicle) => void; onCancel: () => void }) {
  const id = useId();
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const form = useForm<VehicleFormValues, unknown, VehicleInput>({
    resolver,
    defaultValues: {
      make: vehicle?.make ?? '',
      model: vehicle?.model ?? '',
      year: vehicle?.year,
      color: vehicle?.color ?? '',
      licensePlate: vehicle?.licensePlate ?? '',
      vehicleType: vehicle?.vehicleType ?? ('' as VehicleFormValues['vehicleType']),
      nickname: vehicle?.nickname ?? '',
      photoUploadId: vehicle?.photoUploadId ?? null,
    },
  });
  const { control, register, setValue, getValues, setError, formState } = form;
  const errors = formState.errors;
  const [make, vehicleType] = useWatch({ control, name: ['make', 'vehicleType'] });
  const isSaving = create.isPending || update.isPending;

  // A known make and model (Toyota RAV4) sets its type; the customer may still change it.
  const suggestType = () => {
    const known = vehicleTypeOf(getValues('make'), getValues('model'));
    if (known) setValue('vehicleType', known, { shouldValidate: formState.isSubmitted });
  };

  function onSubmit(input: VehicleInput) {
    const handlers = {
      onSuccess: (saved: Vehicle) => {
        toast({ title: vehicle ? 'Car updated' : 'Car added', description: `${saved.year} ${saved.make} ${saved.model} is in My Cars.` });
        onSaved(saved);
      },
      onError: (error: Error) => {
        const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
        const known = fields.filter(([field]) => (formFields as readonly string[]).includes(field));
        for (const [field, message] of known) setError(field as Path<VehicleFormValues>, { message });
        if (known.length === 0)
          toast({ title: "Couldn't save the car", description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
      },
    };
    if (vehicle) update.mutate({ id: vehicle.id, ...input, photoUploadId: input.photoUploadId ?? null }, handlers);
    else create.mutate(input, handlers);
  }

  const field = (name: (typeof formFields)[number], label: string, input: ReactNode, hint?: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      {hint && <p className="text-xs text-neutral-600">{hint}</p>}
      {input}
      <FieldError id={`${id}-${name}-error`}>{errors[name]?.message}</FieldError>
    </div>
  );
  const fieldProps = (name: (typeof formFields)[number]) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `${id}-${name}-error`,
  });

  return (
    <form
      noValidate
      // The dialog renders in a portal, but React still bubbles its submit to any form around the opener (booking
      // step 1): stopped here, so saving a car does not also submit the step.
      onSubmit={(event) => {
        event.stopPropagation();
        void form.handleSubmit(onSubmit)(event);
      }}
      className="mt-4 grid gap-4"
    >
      <div className="grid grid-cols-2 gap-3">
        {field(
          'make',
          'Make',
          <Input
            {...fieldProps('make')}
            list={`${id}-makes`}
            autoComplete="off"
            maxLength={vehicleLimits.make}
            {...register('make', { onChange: suggestType })}
          />,
        )}
        {field(
          'model',
          'Model',
          <Input
            {...fieldProps('model')}
            list={`${id}-models`}
            autoComplete="off"
            maxLength={vehicleLimits.model}
            {...register('model', { onChange: suggestType })}
          />,
        )}
      </div>
      <datalist id={`${id}-makes`}>
        {vehicleMakeNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <datalist id={`${id}-models`}>
        {modelsOfMake(make ?? '').map((entry) => (
          <option key={entry.model} value={entry.model} />
        ))}
      </datalist>
      <div className="grid grid-cols-2 gap-3">
        {field(
          'year',
          'Year',
          <Input
            {...fieldProps('year')}
            type="number"
            inputMode="numeric"
            min={minVehicleYear}
            max={maxVehicleYear()}
            {...register('year', { valueAsNumber: true })}
          />,
        )}
        {field(
          'color',
          'Colour',
          <Input {...fieldProps('color')} maxLength={vehicleLimits.color} placeholder="e.g. Blue" {...register('color')} />,
        )}
      </div>
      {field(
        'vehicleType',
        'Vehicle Type',
        <VehicleTypeSelect {...fieldProps('vehicleType')} isEmpty={!vehicleType} {...register('vehicleType')} />,
      )}
      <div className="grid grid-cols-2 gap-3">
        {field(
          'licensePlate',
          'License plate',
          <Input
            {...fieldProps('licensePlate')}
            maxLength={vehicleLimits.licensePlate}
            autoCapitalize="characters"
            placeholder="Optional"
            {...register('licensePlate')}
          />,
        )}
        {field(
          'nickname',
          'Nickname',
          <Input {...fieldProps('nickname')} maxLength={vehicleLimits.nickname} placeholder="Optional" {...register('nickname')} />,
        )}
      </div>
      <div className="grid gap-1.5">
        <FormImageUpload
          label="Car photo"
          savedUrl={vehicle?.photoUrl ?? null}
          onUploadIdChange={(uploadId) => setValue('photoUploadId', uploadId)}
        />
        <FieldError id={`${id}-photoUploadId-error`}>{errors.photoUploadId?.message}</FieldError>
      </div>
      <div className="grid gap-2">
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : vehicle ? 'Save changes' : 'Save car'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
