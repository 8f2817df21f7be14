import { useState } from 'react';
import { Plus, TicketPercent } from 'lucide-react';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { toast } from '@/lib/toast.ts';
import { useCreateDetailerPromoCode } from '../api/create-detailer-promo-code.ts';
import { useDetailerMarketing } from '../api/get-detailer-marketing.ts';
import { useSetDetailerPromoCodePaused } from '../api/set-detailer-promo-code-paused.ts';
import { PromoCodeForm } from '../components/promo-code-form.tsx';
import { PromoCodeList } from '../components/promo-code-list.tsx';
import { ShareProfileCard } from '../components/share-profile-card.tsx';
import { togglePause } from '../lib/toggle-pause.ts';

/**
 * /detailer/marketing: the detailer's own promo codes (for their services; their earnings carry the discount) and
 * 'Share your profile' with its link and QR code.
 */
export default function DetailerMarketingPage() {
  const page = useDetailerMarketing();
  const create = useCreateDetailerPromoCode();
  const pause = useSetDetailerPromoCodePaused();
  const [isCreating, setIsCreating] = useState(false);

  if (page.isPending) {
    return (
      <div className="grid gap-4 p-4">
        <h1 className="text-xl font-semibold text-neutral-900">Marketing</h1>
        <LoadingState label="Loading your marketing">
          <Skeleton className="h-80" />
          <Skeleton className="h-36" />
        </LoadingState>
      </div>
    );
  }
  if (page.isError) {
    return (
      <div className="grid gap-4 p-4">
        <h1 className="text-xl font-semibold text-neutral-900">Marketing</h1>
        <ErrorState message="We couldn't load your marketing page." onRetry={() => page.refetch()} />
      </div>
    );
  }
  const { codes, services, businessName, profilePath } = page.data;

  return (
    <div className="grid gap-6 p-4">
      <h1 className="text-xl font-semibold text-neutral-900">Marketing</h1>
      <ShareProfileCard businessName={businessName} profilePath={profilePath} />

      <section aria-labelledby="own-codes-heading" className="grid gap-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="own-codes-heading" className="text-lg font-semibold text-neutral-900">
            Your promo codes
          </h2>
          {!isCreating && codes.length > 0 && (
            <Button variant="secondary" onClick={() => setIsCreating(true)}>
              <Plus aria-hidden /> New code
            </Button>
          )}
        </div>
        <p className="text-sm text-neutral-600">Codes for your own services. The discount comes off your earnings for the job.</p>
        {isCreating ? (
          <PromoCodeForm
            services={services.map((s) => ({ id: s.id, label: s.name }))}
            isSaving={create.isPending}
            onCancel={() => setIsCreating(false)}
            onSubmit={async (input) => {
              const code = await create.mutateAsync(input);
              toast({ title: 'Promo code created', description: `Share ${code.code} with your customers.` });
              setIsCreating(false);
            }}
            onUnplacedError={(error) =>
              toast({ title: "Couldn't create the code", description: errorMessage(error, 'Please try again.'), variant: 'destructive' })
            }
          />
        ) : codes.length === 0 ? (
          <EmptyState
            icon={<TicketPercent />}
            title="No promo codes yet"
            description="Give regulars or new customers a reason to book you: a percent or an amount off your services."
            action={
              <Button onClick={() => setIsCreating(true)}>
                <Plus aria-hidden /> Create a code
              </Button>
            }
          />
        ) : (
          <PromoCodeList
            codes={codes}
            label="Your promo codes"
            isBusy={pause.isPending}
            onTogglePause={(code) => togglePause(pause, code)}
          />
        )}
      </section>
    </div>
  );
}
