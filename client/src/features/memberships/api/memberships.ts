import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminMembershipPlan,
  Membership,
  MembershipPlan,
  MyMembership,
  PlanInput,
  SubscribeResult,
} from '@core/schemas/memberships.ts';
import type { TestCardInput } from '@core/schemas/payments.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

/** Memberships' server calls (server/memberships/routes.ts). */

export const plansQueryKey = ['/api/membership-plans'] as const;
export const adminPlansQueryKey = ['/api/admin/membership-plans'] as const;
export const myMembershipQueryKey = ['/api/memberships/me'] as const;

export const usePlans = () =>
  useQuery(queryOptions({ queryKey: plansQueryKey, queryFn: () => apiGet<MembershipPlan[]>('/api/membership-plans') }));

export const useAdminPlans = () =>
  useQuery(queryOptions({ queryKey: adminPlansQueryKey, queryFn: () => apiGet<AdminMembershipPlan[]>('/api/admin/membership-plans') }));

export const useMyMembership = () =>
  useQuery(queryOptions({ queryKey: myMembershipQueryKey, queryFn: () => apiGet<MyMembership>('/api/memberships/me') }));

export type CategoryOption = { id: number; name: string };
export const useCatalogCategories = () =>
  useQuery(queryOptions({ queryKey: ['/api/service-categories'], queryFn: () => apiGet<CategoryOption[]>('/api/service-categories') }));

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([plansQueryKey, adminPlansQueryKey, myMembershipQueryKey].map((queryKey) => client.invalidateQueries({ queryKey })));
}

export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PlanInput }) =>
      id === null
        ? apiRequest<AdminMembershipPlan>('POST', '/api/admin/membership-plans', input)
        : apiRequest<AdminMembershipPlan>('PUT', `/api/admin/membership-plans/${id}`, input),
    onSuccess: refresh,
  });
}

export type SubscribeBody = { planId: number; card?: TestCardInput; paymentMethodId?: number };

export function useSubscribe() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SubscribeBody) => apiRequest<SubscribeResult>('POST', '/api/memberships', body),
    onSuccess: refresh,
  });
}

export function useAuthenticateMembership() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      apiRequest<SubscribeResult>('POST', `/api/memberships/${id}/authenticate`, { approve }),
    onSettled: refresh,
  });
}

/** Change plan, cancel at period end, resume. */
export function useMembershipAction() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, action, planId }: { id: number; action: 'change-plan' | 'cancel' | 'resume'; planId?: number }) =>
      apiRequest<Membership>('POST', `/api/memberships/${id}/${action}`, planId === undefined ? {} : { planId }),
    onSuccess: refresh,
  });
}

/** 'Update card': the card renewals charge; a past-due renewal is tried again with it at once. */
export function useUpdateMembershipCard() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; card?: TestCardInput; paymentMethodId?: number }) =>
      apiRequest<Membership>('POST', `/api/memberships/${id}/payment-method`, body),
    onSuccess: refresh,
  });
}
