import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { SearchX } from 'lucide-react';
import { dateInZone } from '@core/domain/time-slots.ts';
import type { DetailerWithServices } from '@core/schemas/catalog.ts';
import { useCurrentUser } from '@/lib/session/get-current-user.ts';
import { useDetailer } from '@/components/catalog/api/get-detailer.ts';
import { useService } from '@/components/catalog/api/get-service.ts';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '@/lib/api-client.ts';
import { cn } from '@/lib/cn.ts';
import { loginPathFor } from '@/lib/return-to.ts';
import { toast } from '@/lib/toast.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { availabilityQueryKey } from '../api/get-availability.ts';
import { bookingQueryKey } from '@/components/booking/api/get-booking.ts';
import { useCreateBooking } from '../api/create-booking.ts';
import { savedAddressesQueryKey } from '@/components/places/api/get-addresses.ts';
import { DetailerSummary } from '../components/detailer-summary.tsx';
import { PaymentStep } from '../components/payment-step.tsx';
import { ScheduleStep, type Step2Draft } from '../components/schedule-step.tsx';
import { ServiceStep, type Step1Draft } from '../components/service-step.tsx';
import { StepIndicator, type BookingStep } from '../components/step-indicator.tsx';
import { addDays } from '@/lib/calendar-dates.ts';
import { afterNextPaint } from '@/lib/after-next-paint.ts';
import {
  clearPendingBooking,
  draftAmounts,
  emptyPendingBooking,
  readPendingBooking,
  savePendingBooking,
  type PendingBooking,
} from '../lib/pending-booking.ts';
import { parseRouteId } from '@core/domain/ids.ts';
import { bookingHorizonDays } from '@core/domain/booking-status.ts';
import { bookAgainParam } from '@/components/booking/booking-list-item.tsx';
import { RebookSummary } from '../components/rebook-summary.tsx';
import { RebookUnavailable } from '../components/rebook-unavailable.tsx';
import { useRebookStart } from '../lib/use-rebook-start.ts';

/**
 * /booking/:id? and /booking?serviceId=&detailerId=: the three-step booking flow. With &rebook=<bookingId> ('Book
 * again'), it starts on step 2 from the caller's own past booking (see useRebookStart).
 */
export default function BookingPage() {
  const params = useParams<{ id?: string }>();
  const search = new URLSearchParams(useSearch());
  const routeDetailerId = parseRouteId(params.id) ?? parseRouteId(search.get('detailerId'));
  const routeServiceId = parseRouteId(search.get('serviceId'));
  const rebookId = parseRouteId(search.get(bookAgainParam));
  const rebook = useRebookStart(rebookId);
  // Only ?serviceId=: the service names its detailer. Nothing at all: resume the saved draft, if any.
  const service = useService(routeDetailerId === null ? routeServiceId : null);
  const [savedDetailerId] = useState(() => readPendingBooking()?.detailerId ?? null);
  const detailerId = routeDetailerId ?? service.data?.detailerId ?? (routeServiceId === null ? savedDetailerId : null);

  if (rebook.status === 'loading') return <BookingHeaderLoading />;
  if (rebook.status === 'unavailable') {
    return (
      <div className="pt-4">
        <BookingTitle className="px-4" />
        <RebookUnavailable {...rebook} />
      </div>
    );
  }
  if (rebook.status === 'ready') {
    const { draft } = rebook;
    return <BookingFlow key={`rebook-${rebookId}`} detailerId={draft.detailerId!} serviceId={draft.serviceId} initial={draft} />;
  }
  if (detailerId === null) {
    if (service.isPending && routeServiceId !== null) return <BookingHeaderLoading />;
    return (
      <div className="pt-4">
        <BookingTitle className="px-4" />
        <EmptyState
          icon={<SearchX />}
          title="Choose a detailer to book"
          description="Pick a detailer first, then choose a service and a time."
          action={
            <Button asChild>
              <Link href="/detailers">Browse detailers</Link>
            </Button>
          }
        />
      </div>
    );
  }
  return <BookingFlow key={detailerId} detailerId={detailerId} serviceId={routeServiceId} />;
}

/** The page's heading (the spec's 'Book a Service' page); the header above says 'Booking Details'. */
function BookingTitle({ className }: { className?: string }) {
  return <h1 className={cn('text-xl font-semibold text-neutral-900', className)}>Book a Service</h1>;
}

function BookingHeaderLoading() {
  return (
    <div className="grid gap-4 p-4">
      <BookingTitle />
      <p className="text-sm text-neutral-600" role="status">
        Loading...
      </p>
      <Skeleton className="h-12" />
      <Skeleton className="h-40" />
    </div>
  );
}

function initialDraft(detailerId: number, serviceId: number | null): PendingBooking {
  const saved = readPendingBooking();
  if (!saved || saved.detailerId !== detailerId) return emptyPendingBooking(detailerId, serviceId);
  if (serviceId !== null && saved.serviceId !== serviceId) return { ...saved, serviceId, step: 1 };
  return saved;
}

/** The furthest step the draft's data allows: a restored draft never opens a step it has not filled in. */
function reachableStep(draft: PendingBooking, detailer: DetailerWithServices | undefined): BookingStep {
  const wanted = draft.step ?? 1;
  const hasService = detailer?.offeredServices.some((s) => s.id === draft.serviceId) ?? false;
  if (wanted === 1 || !hasService || !draft.vehicleType) return 1;
  if (wanted === 2 || !draft.date || !draft.time || !draft.address || !draft.city || !draft.zip) return 2;
  return 3;
}

function BookingFlow({ detailerId, serviceId, initial }: { detailerId: number; serviceId: number | null; initial?: PendingBooking }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const detailerQuery = useDetailer(detailerId);
  const detailer = detailerQuery.data;
  const createBooking = useCreateBooking();
  const settings = usePublicSettings();
  const [draft, setDraft] = useState<PendingBooking>(() => initial ?? initialDraft(detailerId, serviceId));
  const step = reachableStep(draft, detailer);
  const selectedService = detailer?.offeredServices.find((s) => s.id === draft.serviceId);

  useEffect(() => {
    savePendingBooking(draft);
  }, [draft]);

  // Each step advance (or back) starts at the top, with focus on the step's title.
  const previousStep = useRef(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    window.scrollTo({ top: 0 });
    document.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true });
  }, [step]);

  // Each step gets the draft as it was when the step opened: its form holds what is chosen and typed from then on. The
  // steps are memoized, so a change to the draft (every tap and keystroke) renders this page's header again, not the
  // step a second time (issue 40: taps answer in 200 ms).
  const [opened, setOpened] = useState({ step, draft });
  if (opened.step !== step) setOpened({ step, draft });
  const onStep1Change = useCallback(
    (values: Step1Draft) => {
      setDraft((current) => {
        const service = detailer?.offeredServices.find((s) => s.id === values.serviceId);
        return { ...current, ...values, ...draftAmounts(service?.priceCents ?? null, settings) };
      });
    },
    [detailer, settings],
  );
  const onStep2Change = useCallback((values: Step2Draft) => setDraft((current) => ({ ...current, ...values })), []);
  // A new step opens after the tap has painted, in a transition that React renders in slices a slow phone can paint
  // between. Rendered at once inside the tap, the next step kept the tapped button waiting for 0.2 to 0.6 s.
  const goTo = useCallback(
    (next: BookingStep) => afterNextPaint(() => startTransition(() => setDraft((current) => ({ ...current, step: next })))),
    [],
  );
  const goToSchedule = useCallback(() => goTo(2), [goTo]);
  const goToPayment = useCallback(() => goTo(3), [goTo]);
  const backToService = useCallback(() => goTo(1), [goTo]);

  async function proceedToPayment() {
    if (!user) {
      // The draft is saved: after signing in, /booking resumes it.
      navigate(loginPathFor(`${window.location.pathname}${window.location.search}`));
      return;
    }
    // Loaded by the steps' forms already (lib/schema-resolver.ts): the booking page does not start zod to draw.
    const { createBookingSchema } = await import('@core/schemas/booking.ts');
    const input = createBookingSchema.safeParse({
      detailerId,
      serviceId: draft.serviceId,
      vehicleType: draft.vehicleType,
      vehicleId: draft.vehicleId ?? undefined,
      notes: draft.notes ?? undefined,
      date: draft.date,
      time: draft.time,
      address: draft.address,
      apt: draft.apt ?? undefined,
      city: draft.city,
      zip: draft.zip,
      accessNotes: draft.accessNotes ?? undefined,
      saveAddress: draft.saveAddressLabel ? { label: draft.saveAddressLabel } : undefined,
    });
    if (!input.success) {
      goTo(2);
      return;
    }
    createBooking.mutate(input.data, {
      onSuccess: (booking) => {
        clearPendingBooking();
        if (input.data.saveAddress) void queryClient.invalidateQueries({ queryKey: savedAddressesQueryKey });
        queryClient.setQueryData(bookingQueryKey(booking.id), booking);
        // Checkout authorizes the card, then shows the 'Booking Confirmed!' screen; a visit the plan covers has
        // nothing to pay and is a request already (the server's status says which).
        if (booking.status === 'pending_payment') navigate(`/checkout?bookingId=${booking.id}&amount=${booking.total}`);
        else navigate(`/booking/confirmed/${booking.id}`);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          toast({
            title: 'That time was just taken',
            description: errorMessage(error, 'Please choose another time.'),
            variant: 'destructive',
          });
          void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(detailerId) });
          setDraft((current) => ({ ...current, time: null, step: 2 }));
          return;
        }
        if (error instanceof ApiError && error.status === 401) {
          navigate(loginPathFor(`${window.location.pathname}${window.location.search}`));
          return;
        }
        toast({
          title: 'Booking failed',
          description: errorMessage(error, 'Please try again in a moment.'),
          variant: 'destructive',
        });
      },
    });
  }

  const header = (
    <div className="grid gap-4 border-b border-neutral-200 bg-surface p-4">
      <BookingTitle />
      <StepIndicator currentStep={step} />
      {detailer ? (
        <DetailerSummary detailer={detailer} />
      ) : (
        // As tall as the detailer's summary (its 48 px avatar): the step below stays put when the detailer arrives.
        <div className="flex h-12 items-center gap-3" role="status">
          <Skeleton className="size-12 shrink-0 rounded-full" aria-hidden />
          <p className="text-sm text-neutral-600">Loading...</p>
        </div>
      )}
    </div>
  );

  if (detailerQuery.isError) {
    const isMissing = detailerQuery.error instanceof ApiError && detailerQuery.error.status === 404;
    return (
      <div className="pt-4">
        <BookingTitle className="px-4" />
        {isMissing ? (
          <EmptyState
            icon={<SearchX />}
            title="Detailer not found"
            description="This detailer is no longer taking bookings."
            action={
              <Button asChild>
                <Link href="/detailers">Browse detailers</Link>
              </Button>
            }
          />
        ) : (
          <ErrorState message="We couldn't load this detailer." onRetry={() => detailerQuery.refetch()} />
        )}
      </div>
    );
  }

  // The detailer's today, for step 2's calendar only: the first date format with a time zone takes a slow phone some
  // 70 ms to make (issue 13), which step 1, the page's first screen, does not need.
  const today = detailer && step === 2 ? dateInZone(new Date(), detailer.timeZone) : null;
  return (
    <div>
      {header}
      <div className="p-4">
        {!detailer ? (
          <div className="grid gap-3" aria-hidden>
            <Skeleton className="h-6 w-40" />
            <Skeleton className="h-28" />
            <Skeleton className="h-28" />
          </div>
        ) : step === 1 ? (
          <ServiceStep services={detailer.offeredServices} draft={opened.draft} onDraftChange={onStep1Change} onContinue={goToSchedule} />
        ) : step === 2 && today ? (
          <>
            {draft.rebookOf != null && (
              <RebookSummary
                serviceName={selectedService!.name}
                vehicleType={draft.vehicleType!}
                vehicleId={draft.vehicleId ?? null}
                notes={draft.notes}
                onChange={backToService}
              />
            )}
            <ScheduleStep
              detailerId={detailerId}
              serviceId={draft.serviceId}
              minDate={today}
              maxDate={addDays(today, bookingHorizonDays)}
              draft={opened.draft}
              onDraftChange={onStep2Change}
              onContinue={goToPayment}
              onBack={backToService}
              highlightSoonest={draft.rebookOf != null}
            />
          </>
        ) : (
          <PaymentStep
            service={selectedService!}
            vehicleType={draft.vehicleType!}
            date={draft.date!}
            time={draft.time!}
            address={draft.address!}
            apt={draft.apt}
            city={draft.city!}
            zip={draft.zip!}
            isSubmitting={createBooking.isPending}
            onProceed={proceedToPayment}
            onBack={() => goTo(2)}
          />
        )}
      </div>
    </div>
  );
}
