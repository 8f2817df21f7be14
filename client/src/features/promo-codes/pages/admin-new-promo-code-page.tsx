import { useLocation } from 'wouter';
import { formatUsd } from '@core/domain/money.ts';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useCreatePromoCode } from '../api/create-promo-code.ts';
import { usePromoCodeOptions } from '../api/get-promo-code-options.ts';
import { PromoCodeForm } from '../components/promo-code-form.tsx';

const listHref = '/admin/marketing/promo-codes';

/** /admin/marketing/promo-codes/new: a platform code (the platform funds its discount). */
export default function AdminNewPromoCodePage() {
  const [, go] = useLocation();
  const options = usePromoCodeOptions();
  const create = useCreatePromoCode();
  return (
    <section aria-labelledby="new-promo-code-heading" className="grid gap-4 p-4">
      <h1 id="new-promo-code-heading" className="text-xl font-semibold text-neutral-900">
        New promo code
      </h1>
      {options.isPending ? (
        <LoadingState label="Loading services and detailers">
          <Skeleton className="h-64" />
          <Skeleton className="h-48" />
        </LoadingState>
      ) : options.isError ? (
        <ErrorState message="We couldn't load the services and detailers." onRetry={() => options.refetch()} />
      ) : (
        <PromoCodeForm
          services={options.data.services.map((s) => ({ id: s.id, label: s.name, hint: `${s.detailerName}` }))}
          detailers={options.data.detailers.map((d) => ({ id: d.id, label: d.name }))}
          isSaving={create.isPending}
          onCancel={() => go(listHref)}
          onSubmit={async (input) => {
            const code = await create.mutateAsync(input);
            toast({
              title: 'Promo code created',
              description:
                code.kind === 'percent'
                  ? `${code.code} takes ${code.percentOff}% off.`
                  : `${code.code} takes ${formatUsd(code.amountOffCents ?? 0)} off.`,
            });
            go(listHref);
          }}
          onUnplacedError={(error) =>
            toast({ title: "Couldn't create the code", description: errorMessage(error, 'Please try again.'), variant: 'destructive' })
          }
        />
      )}
    </section>
  );
}
