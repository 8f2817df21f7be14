import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ConfirmVisitInput,
  MoveVisitInput,
  SkipVisitInput,
  VisitRhythmInput,
  VisitSchedule,
} from '@core/schemas/membership-visits.ts';
import { apiRequest } from '@/lib/api-client.ts';
import { bookingsQueryKey } from '@/components/booking/api/get-bookings.ts';
import { visitsQueryKey } from './get-visit-schedule.ts';

const base = (membershipId: number) => `/api/memberships/${membershipId}`;

export const setVisitRhythm = (membershipId: number, input: VisitRhythmInput) =>
  apiRequest<VisitSchedule>('PUT', `${base(membershipId)}/visit-rhythm`, input);
export const clearVisitRhythm = (membershipId: number) => apiRequest<VisitSchedule>('DELETE', `${base(membershipId)}/visit-rhythm`);
export const skipVisit = (membershipId: number, input: SkipVisitInput) =>
  apiRequest<VisitSchedule>('POST', `${base(membershipId)}/visits/skip`, input);
export const moveVisit = (membershipId: number, input: MoveVisitInput) =>
  apiRequest<VisitSchedule>('POST', `${base(membershipId)}/visits/move`, input);
export const confirmVisit = (membershipId: number, input: ConfirmVisitInput) =>
  apiRequest<VisitSchedule>('POST', `${base(membershipId)}/visits/confirm`, input);

/** A mutation of the member's visits: the answer is the new schedule; My Bookings changes with it. */
function useVisitMutation<I>(membershipId: number, run: (membershipId: number, input: I) => Promise<VisitSchedule>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => run(membershipId, input),
    onSuccess: (schedule) => {
      queryClient.setQueryData(visitsQueryKey(membershipId), schedule);
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}

export const useSetVisitRhythm = (membershipId: number) => useVisitMutation(membershipId, setVisitRhythm);
export const useClearVisitRhythm = (membershipId: number) => useVisitMutation<void>(membershipId, (id) => clearVisitRhythm(id));
export const useSkipVisit = (membershipId: number) => useVisitMutation(membershipId, skipVisit);
export const useMoveVisit = (membershipId: number) => useVisitMutation(membershipId, moveVisit);
export const useConfirmVisit = (membershipId: number) => useVisitMutation(membershipId, confirmVisit);
