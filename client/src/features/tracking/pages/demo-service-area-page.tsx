import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CircleCheck, CircleX, MapPinned } from 'lucide-react';
import type { Detailer } from '@core/schemas/catalog.ts';
import { serviceAreaCheckFormSchema, type ServiceAreaCheckForm } from '@core/schemas/tracking.ts';
import { useDetailers } from '@/components/catalog/api/get-detailers.ts';
import { milesToMeters } from '@core/domain/geo.ts';
import { MapView, type MapCircle, type MapMarker } from '@/components/map/map-view.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { FieldError } from '@/components/ui/field-error.tsx';
import { Input, fieldClasses } from '@/components/ui/input.tsx';
import { Label } from '@/components/ui/label.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { schemaResolver } from '@/lib/schema-resolver.ts';
import { useServiceAreaCheck, type ServiceAreaQuestion } from '../api/check-service-area.ts';

type MappedDetailer = Detailer & { serviceArea: NonNullable<Detailer['serviceArea']> };

// The server's own rule for the question (core/schemas/tracking.ts), so the two never disagree. The schema comes with
// the page, which already imports its module (glossly:route-preloads).
const resolver = schemaResolver<ServiceAreaCheckForm>(() => Promise.resolve(serviceAreaCheckFormSchema));

const hasArea = (detailer: Detailer): detailer is MappedDetailer => detailer.serviceArea !== null;

/** /demo-service-area: every detailer's service area on a map, and a ZIP code check against one of them. */
export default function DemoServiceAreaPage() {
  const detailers = useDetailers({});
  return (
    <div className="flex flex-col gap-4 p-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Service areas</h1>
        <p className="text-sm text-neutral-600">Each circle is where a detailer travels to. Check whether one comes to you.</p>
      </div>
      {detailers.isPending ? (
        <LoadingState label="Loading service areas">
          <Skeleton className="h-72" />
          <Skeleton className="h-40" />
        </LoadingState>
      ) : detailers.isError ? (
        <ErrorState
          title="Failed to fetch detailers"
          message="We couldn't load the service areas."
          onRetry={() => void detailers.refetch()}
        />
      ) : (
        <ServiceAreas detailers={detailers.data.filter(hasArea)} />
      )}
    </div>
  );
}

function ServiceAreas({ detailers }: { detailers: MappedDetailer[] }) {
  const [selectedId, setSelectedId] = useState<number | null>(detailers[0]?.id ?? null);
  if (detailers.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<MapPinned />}
          title="No service areas yet"
          description="Detailers appear here once they set where they travel to."
        />
      </Card>
    );
  }
  const circles: MapCircle[] = detailers.map((d) => ({
    id: String(d.id),
    center: d.serviceArea,
    radiusMeters: milesToMeters(d.serviceArea.radiusMiles),
    label: `${d.businessName}: ${d.serviceArea.radiusMiles} miles`,
  }));
  const markers: MapMarker[] = detailers.map((d) => ({
    id: String(d.id),
    kind: 'pin',
    position: d.serviceArea,
    label: d.businessName,
    isSelected: d.id === selectedId,
  }));
  return (
    <>
      <MapView
        label="Map of the detailers' service areas"
        circles={circles}
        markers={markers}
        onMarkerClick={(id) => setSelectedId(Number(id))}
        className="h-72"
      />
      <CoverageCheck detailers={detailers} selectedId={selectedId} onSelect={setSelectedId} />
      <section aria-labelledby="areas-heading" className="flex flex-col gap-2">
        <h2 id="areas-heading" className="text-lg font-semibold text-neutral-900">
          Detailers and how far they travel
        </h2>
        <ul className="flex flex-col gap-2">
          {detailers.map((d) => (
            <li key={d.id} className="flex items-center justify-between gap-3 rounded-card bg-surface px-4 py-3 shadow-card">
              <span className="min-w-0 truncate font-medium text-neutral-900">{d.businessName}</span>
              <span className="shrink-0 text-sm text-neutral-600">Up to {d.serviceArea.radiusMiles} miles</span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

function CoverageCheck(props: { detailers: MappedDetailer[]; selectedId: number | null; onSelect: (id: number) => void }) {
  const { detailers, selectedId, onSelect } = props;
  const form = useForm<ServiceAreaCheckForm>({ resolver, defaultValues: { zip: '' } });
  const zipError = form.formState.errors.zip?.message;
  const [question, setQuestion] = useState<ServiceAreaQuestion | null>(null);
  const check = useServiceAreaCheck(question);
  const asked = question ? detailers.find((d) => d.id === question.detailerId) : undefined;

  const submit = form.handleSubmit(({ zip }) => {
    if (selectedId !== null) setQuestion({ detailerId: selectedId, zip: zip.slice(0, 5) });
  });

  return (
    <Card className="flex flex-col gap-4 p-4">
      <h2 className="text-lg font-semibold text-neutral-900">Does a detailer come to you?</h2>
      <form noValidate onSubmit={submit} className="grid gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="area-detailer">Detailer</Label>
          <select
            id="area-detailer"
            value={selectedId ?? ''}
            onChange={(event) => onSelect(Number(event.target.value))}
            className={cn(fieldClasses, 'h-11')}
          >
            {detailers.map((d) => (
              <option key={d.id} value={d.id}>
                {d.businessName}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="area-zip">ZIP code</Label>
          <Input
            id="area-zip"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            aria-invalid={zipError ? true : undefined}
            aria-describedby={zipError ? 'area-zip-error' : undefined}
            {...form.register('zip')}
          />
          <FieldError id="area-zip-error">{zipError}</FieldError>
        </div>
        <Button type="submit" disabled={check.isFetching}>
          {check.isFetching ? 'Checking…' : 'Check'}
        </Button>
      </form>
      <div aria-live="polite">
        {question && check.isError && (
          <p className="text-sm text-danger-700">{errorMessage(check.error, "We couldn't check that ZIP code. Try again.")}</p>
        )}
        {question && check.data && !check.isFetching && (
          <CoverageAnswer
            covered={check.data.covered}
            zip={question.zip}
            name={check.data.detailerName || asked?.businessName || 'This detailer'}
            distanceMiles={check.data.distanceMiles}
            radiusMiles={check.data.radiusMiles}
          />
        )}
      </div>
    </Card>
  );
}

function CoverageAnswer(props: { covered: boolean; zip: string; name: string; distanceMiles: number | null; radiusMiles: number | null }) {
  const { covered, zip, name, distanceMiles, radiusMiles } = props;
  const away =
    distanceMiles === null
      ? ''
      : radiusMiles === null
        ? ` (${distanceMiles.toFixed(1)} miles from their base)`
        : ` (${distanceMiles.toFixed(1)} miles from their base; they travel up to ${radiusMiles})`;
  return (
    <div
      className={cn(
        'flex items-start gap-3 rounded-control p-3',
        covered ? 'bg-success-50 text-success-800' : 'bg-warning-50 text-warning-800',
      )}
    >
      {covered ? (
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0" />
      ) : (
        <CircleX aria-hidden className="mt-0.5 size-5 shrink-0" />
      )}
      <p>
        <span className="block font-semibold">{covered ? 'Covered' : 'Outside the service area'}</span>
        <span className="block text-sm text-neutral-800">
          {covered ? `${name} comes to ${zip}${away}.` : `${name} does not travel to ${zip}${away}.`}
        </span>
      </p>
    </div>
  );
}
