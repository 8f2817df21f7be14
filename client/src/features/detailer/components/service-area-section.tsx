import { useForm } from 'react-hook-form';
import { serviceAreaFormSchema, type ServiceArea, type ServiceAreaFormValues, type ServiceAreaInput } from '@core/schemas/tracking.ts';
import { useDetailer } from '@/components/catalog/api/get-detailer.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { toast } from '@/lib/toast.ts';
import { useUpdateServiceArea } from '../api/update-service-area.ts';

export { serviceRadiusMessage as radiusMessage } from '@core/schemas/tracking.ts';
const defaultRadiusMiles = 25;

// The server's own rules (core/schemas/tracking.ts): a US ZIP code and a whole radius of 1 to 100 miles. The schema
// comes with the page, which already imports its module (glossly:route-preloads).
const resolver = schemaResolver<ServiceAreaFormValues, ServiceAreaInput>(() => Promise.resolve(serviceAreaFormSchema));

/** 'Service area' on /detailer/availability: where the detailer's base is (a ZIP code) and how far they travel. */
export function ServiceAreaSection({ detailerId }: { detailerId: number }) {
  const detailer = useDetailer(detailerId);
  const area = detailer.data?.serviceArea ?? null;
  return (
    <section aria-labelledby="service-area-heading" className="grid gap-3">
      <div>
        <h2 id="service-area-heading" className="text-lg font-semibold text-neutral-900">
          Service area
        </h2>
        <p className="text-sm text-neutral-600">Customers outside this circle can&apos;t book you.</p>
      </div>
      {detailer.isPending ? (
        <Skeleton className="h-44 rounded-card" />
      ) : (
        <ServiceAreaForm key={area ? `${area.latitude},${area.longitude},${area.radiusMiles}` : 'none'} area={area} />
      )}
    </section>
  );
}

function ServiceAreaForm({ area }: { area: ServiceArea | null }) {
  // The server keeps the base as a point, not the ZIP code it came from: the field starts empty.
  const form = useForm<ServiceAreaFormValues, unknown, ServiceAreaInput>({
    resolver,
    defaultValues: { zip: '', radiusMiles: String(area?.radiusMiles ?? defaultRadiusMiles) },
  });
  const { errors, isSubmitting } = form.formState;
  const save = useUpdateServiceArea();

  const submit = form.handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast({ title: 'Service area saved', description: `You travel up to ${input.radiusMiles} miles from ${input.zip}.` });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields?.zip || fields?.radiusMiles) {
        if (fields.zip) form.setError('zip', { message: fields.zip });
        if (fields.radiusMiles) form.setError('radiusMiles', { message: fields.radiusMiles });
      } else
        toast({ title: 'Could not save your service area', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <Card className="p-4">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <div className="grid grid-cols-2 gap-3">
          <div className="grid content-start gap-1.5">
            <Label htmlFor="area-zip">Base ZIP code</Label>
            <Input
              id="area-zip"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={10}
              placeholder="e.g. 94105"
              aria-invalid={errors.zip ? true : undefined}
              aria-describedby={errors.zip ? 'area-zip-error' : undefined}
              {...form.register('zip')}
            />
          </div>
          <div className="grid content-start gap-1.5">
            <Label htmlFor="area-radius">Radius (miles)</Label>
            <Input
              id="area-radius"
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              aria-invalid={errors.radiusMiles ? true : undefined}
              aria-describedby={errors.radiusMiles ? 'area-radius-error' : 'area-radius-hint'}
              {...form.register('radiusMiles')}
            />
          </div>
          <FieldError id="area-zip-error" className="col-span-2">
            {errors.zip?.message}
          </FieldError>
          <FieldError id="area-radius-error" className="col-span-2">
            {errors.radiusMiles?.message}
          </FieldError>
          {!errors.radiusMiles && (
            <p id="area-radius-hint" className="col-span-2 text-sm text-neutral-600">
              {area
                ? `You travel up to ${area.radiusMiles} miles now. Enter your base ZIP code to save a change.`
                : 'No base set yet: customers anywhere can book you. From 1 to 100 miles around your ZIP code.'}
            </p>
          )}
        </div>
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save service area'}
        </Button>
      </form>
    </Card>
  );
}
