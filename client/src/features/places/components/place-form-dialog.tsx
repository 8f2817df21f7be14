import { useForm, useWatch } from 'react-hook-form';
import { accessNotesMaxLength, suggestedPlaceLabels } from '@core/domain/places.ts';
import type { SavedAddress, SavedAddressFormValues, SavedAddressInput } from '@core/schemas/address.ts';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { Textarea } from '@/components/ui/textarea.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateAddress } from '../api/create-address.ts';
import { useUpdateAddress } from '../api/update-address.ts';

const resolver = schemaResolver<SavedAddressFormValues, SavedAddressInput>(() =>
  import('@core/schemas/address.ts').then((schemas) => schemas.savedAddressInputSchema),
);

type FieldName = keyof SavedAddressFormValues;
const fieldNames: FieldName[] = ['label', 'address', 'apt', 'city', 'zip', 'accessNotes'];

const emptyPlace: SavedAddressFormValues = { label: 'Home', address: '', apt: '', city: '', zip: '', accessNotes: '' };

/** Add a place (no `place`) or edit one, validated with the API's own schema; the server's field errors land on their fields. */
export function PlaceFormDialog({
  place,
  isOpen,
  onOpenChange,
}: {
  place?: SavedAddress;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{place ? 'Edit place' : 'Add a place'}</DialogTitle>
        <DialogDescription>Where your car is parked, so a detailer can find it.</DialogDescription>
        {isOpen && <PlaceForm key={place?.id ?? 'new'} place={place} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function PlaceForm({ place, onDone }: { place?: SavedAddress; onDone: () => void }) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const form = useForm<SavedAddressFormValues, unknown, SavedAddressInput>({
    resolver,
    defaultValues: place ? { ...place } : emptyPlace,
  });
  const { register, handleSubmit, setValue, setError, control, formState } = form;
  const errors = formState.errors;
  const label = useWatch({ control, name: 'label' });
  const isSaving = create.isPending || update.isPending;

  function showServerError(error: unknown) {
    const fields = error instanceof ApiError ? error.fields : undefined;
    const known = Object.entries(fields ?? {}).filter(([name]) => fieldNames.includes(name as FieldName));
    for (const [name, message] of known) setError(name as FieldName, { message }, { shouldFocus: true });
    if (known.length === 0) {
      toast({ title: "Couldn't save the place", description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  }

  const onSubmit = handleSubmit((values) => {
    const done = {
      onSuccess: () => {
        toast({ title: 'Place saved', description: `${values.label} is saved to your places.` });
        onDone();
      },
      onError: showServerError,
    };
    if (place) update.mutate({ id: place.id, ...values, apt: values.apt ?? '', accessNotes: values.accessNotes ?? '' }, done);
    else create.mutate(values, done);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor="place-label">Label</Label>
        <div className="flex gap-2" role="group" aria-label="Suggested labels">
          {suggestedPlaceLabels.map((suggestion) => (
            <Button
              key={suggestion}
              type="button"
              size="sm"
              variant="secondary"
              aria-pressed={label === suggestion}
              className={cn(label === suggestion && 'border-brand-600! bg-brand-50! text-brand-800!')}
              onClick={() => setValue('label', suggestion, { shouldValidate: formState.isSubmitted })}
            >
              {suggestion}
            </Button>
          ))}
        </div>
        <Input
          id="place-label"
          aria-invalid={errors.label ? true : undefined}
          aria-describedby="place-label-error"
          {...register('label')}
        />
        <FieldError id="place-label-error">{errors.label?.message}</FieldError>
      </div>
      <TextField
        id="place-address"
        label="Address"
        error={errors.address?.message}
        autoComplete="street-address"
        {...register('address')}
      />
      <TextField
        id="place-apt"
        label="Apartment/Suite/Unit (optional)"
        error={errors.apt?.message}
        autoComplete="address-line2"
        {...register('apt')}
      />
      <div className="grid grid-cols-[1fr_8rem] gap-3">
        <TextField id="place-city" label="City" error={errors.city?.message} autoComplete="address-level2" {...register('city')} />
        <TextField
          id="place-zip"
          label="Zip"
          error={errors.zip?.message}
          autoComplete="postal-code"
          inputMode="numeric"
          {...register('zip')}
        />
      </div>
      <FormField
        id="place-accessNotes"
        label="Access notes (optional)"
        hint={`Gate code, where to park, anything the detailer should know. Up to ${accessNotesMaxLength} characters.`}
        error={errors.accessNotes?.message}
      >
        {(control) => <Textarea rows={3} {...control} {...register('accessNotes')} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <Button type="button" variant="secondary" onClick={onDone} disabled={isSaving}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save place'}
        </Button>
      </div>
    </form>
  );
}
