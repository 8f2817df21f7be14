import { useState } from 'react';
import { Images } from 'lucide-react';
import { monthLabel, verifiedJobDetail, verifiedJobLabel } from '@core/domain/trust.ts';
import type { BlurRegion, DetailerPortfolio } from '@core/schemas/trust.ts';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { toast } from '@/lib/toast.ts';
import { useDetailerPortfolio, usePublishPair, useUnpublishPair } from '../api/portfolio.ts';
import { BlurPicker } from '../components/blur-picker.tsx';

type Job = DetailerPortfolio['jobs'][number];
type Photo = Job['photos'][number];

/** /detailer/portfolio: pick before and after photos of jobs whose customer agreed, blur what must not show, publish. */
export default function DetailerPortfolioPage() {
  const portfolio = useDetailerPortfolio();
  return (
    <div className="flex flex-col gap-4 p-4">
      <h1 className="text-2xl font-semibold tracking-tight text-neutral-900">Portfolio</h1>
      <p className="text-sm text-neutral-600">
        Show before and after photos of jobs whose customer said yes. Drag over a plate, a face or a house number to blur it: customers only
        ever see the blurred copy.
      </p>
      {portfolio.isPending ? (
        <LoadingState label="Loading your portfolio">
          <Skeleton className="h-64" />
        </LoadingState>
      ) : portfolio.isError ? (
        <ErrorState message="We couldn't load your portfolio." onRetry={() => void portfolio.refetch()} />
      ) : (
        <PortfolioContent portfolio={portfolio.data} />
      )}
    </div>
  );
}

function PortfolioContent({ portfolio }: { portfolio: DetailerPortfolio }) {
  const unpublish = useUnpublishPair();
  return (
    <>
      <section aria-labelledby="published" className="grid gap-3">
        <h2 id="published" className="text-lg font-semibold text-neutral-900">
          On your page
        </h2>
        {portfolio.published.length === 0 ? (
          <Card className="p-4 text-sm text-neutral-600">Nothing published yet.</Card>
        ) : (
          <ul className="grid gap-3">
            {portfolio.published.map((pair) => (
              <li key={pair.id}>
                <Card className="grid gap-2 p-3">
                  <div className="grid grid-cols-2 gap-2">
                    <img src={`${pair.before.url}?w=320`} alt="Before" className="aspect-square w-full rounded-control object-cover" />
                    <img src={`${pair.after.url}?w=320`} alt="After" className="aspect-square w-full rounded-control object-cover" />
                  </div>
                  <p className="text-sm text-neutral-700">
                    <span className="font-medium text-success-800">{verifiedJobLabel}</span> ·{' '}
                    {verifiedJobDetail(pair.serviceName, pair.month)}
                  </p>
                  <Button
                    variant="secondary"
                    disabled={unpublish.isPending}
                    onClick={() =>
                      unpublish.mutate(pair.id, {
                        onError: (error) =>
                          toast({ title: 'Not removed', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                      })
                    }
                  >
                    Remove from my page
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="consented-jobs" className="grid gap-3">
        <h2 id="consented-jobs" className="text-lg font-semibold text-neutral-900">
          Jobs you can show
        </h2>
        {portfolio.jobs.length === 0 ? (
          <EmptyState
            icon={<Images />}
            title="No jobs to show yet"
            description="After a review, customers are asked whether you may show their job's photos."
          />
        ) : (
          <ul className="grid gap-4">
            {portfolio.jobs.map((job) => (
              <li key={job.bookingId}>
                <PublishJob job={job} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function PhotoChoice({
  photos,
  chosen,
  onChoose,
  label,
}: {
  photos: Photo[];
  chosen: number | null;
  onChoose: (id: number) => void;
  label: string;
}) {
  // One photo is no choice.
  if (photos.length < 2) return null;
  return (
    <div role="radiogroup" aria-label={label} className="flex gap-2 overflow-x-auto">
      {photos.map((photo, index) => (
        <button
          key={photo.id}
          type="button"
          role="radio"
          aria-checked={chosen === photo.id}
          aria-label={`${label} ${index + 1}`}
          onClick={() => onChoose(photo.id)}
          className={cn(
            'size-16 shrink-0 overflow-hidden rounded-control border-2',
            chosen === photo.id ? 'border-brand-600' : 'border-transparent',
          )}
        >
          <img src={`${photo.url}?w=160`} alt="" className="size-full object-cover" />
        </button>
      ))}
    </div>
  );
}

function PublishJob({ job }: { job: Job }) {
  const publish = usePublishPair();
  const befores = job.photos.filter((photo) => photo.phase === 'before');
  const afters = job.photos.filter((photo) => photo.phase === 'after');
  const [beforeId, setBeforeId] = useState<number | null>(befores[0]?.id ?? null);
  const [afterId, setAfterId] = useState<number | null>(afters[0]?.id ?? null);
  const [beforeBlur, setBeforeBlur] = useState<BlurRegion | null>(null);
  const [afterBlur, setAfterBlur] = useState<BlurRegion | null>(null);
  const before = befores.find((photo) => photo.id === beforeId);
  const after = afters.find((photo) => photo.id === afterId);
  const title = `${job.serviceName} · ${monthLabel(job.month)}`;

  return (
    <Card role="group" className="grid gap-3 p-4" aria-label={title}>
      <h3 className="font-semibold text-neutral-900">{title}</h3>
      {!before || !after ? (
        <p className="text-sm text-neutral-600">This job needs a before and an after photo to show.</p>
      ) : (
        <>
          <div className="grid gap-2">
            <p className="text-sm font-medium text-neutral-900">Before · drag over what must not show</p>
            <PhotoChoice
              photos={befores}
              chosen={beforeId}
              onChoose={(id) => {
                setBeforeId(id);
                setBeforeBlur(null);
              }}
              label="Before photo"
            />
            <BlurPicker src={before.url} label="Before photo" region={beforeBlur} onChange={setBeforeBlur} />
            {beforeBlur && (
              <Button variant="ghost" size="sm" onClick={() => setBeforeBlur(null)}>
                Clear blur on before
              </Button>
            )}
          </div>
          <div className="grid gap-2">
            <p className="text-sm font-medium text-neutral-900">After · drag over what must not show</p>
            <PhotoChoice
              photos={afters}
              chosen={afterId}
              onChoose={(id) => {
                setAfterId(id);
                setAfterBlur(null);
              }}
              label="After photo"
            />
            <BlurPicker src={after.url} label="After photo" region={afterBlur} onChange={setAfterBlur} />
            {afterBlur && (
              <Button variant="ghost" size="sm" onClick={() => setAfterBlur(null)}>
                Clear blur on after
              </Button>
            )}
          </div>
          <Button
            disabled={publish.isPending}
            onClick={() =>
              publish.mutate(
                { beforePhotoId: before.id, afterPhotoId: after.id, beforeBlur, afterBlur },
                {
                  onSuccess: () => toast({ title: 'Published', description: 'The pair is on your page.' }),
                  onError: (error) =>
                    toast({ title: 'Not published', description: errorMessage(error, 'Please try again.'), variant: 'destructive' }),
                },
              )
            }
          >
            {publish.isPending ? 'Publishing…' : 'Publish on my page'}
          </Button>
        </>
      )}
    </Card>
  );
}
