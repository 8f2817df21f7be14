import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminNotification,
  AdminNotificationInput,
  Audience,
  AudienceInput,
  AudiencePreview,
  AudienceRules,
  Campaign,
  CampaignInput,
  CampaignPreview,
  CampaignReach,
  CampaignReachInput,
  MarketingOverview,
} from '@core/schemas/marketing.ts';
import type { PromoCode } from '@core/schemas/promo-codes.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

// The admin's marketing endpoints (issue 19): audiences, campaigns, the overview and one-off notices.

const keys = {
  overview: ['/api/admin/marketing'] as const,
  audiences: ['/api/admin/audiences'] as const,
  audience: (id: number) => ['/api/admin/audiences', id] as const,
  campaigns: ['/api/admin/campaigns'] as const,
  campaign: (id: number) => ['/api/admin/campaigns', id] as const,
  preview: (id: number) => ['/api/admin/campaigns', id, 'preview'] as const,
  notifications: ['/api/admin/notifications'] as const,
  promoCodes: ['/api/admin/promo-codes'] as const,
};

export const useMarketingOverview = () =>
  useQuery({ queryKey: keys.overview, queryFn: () => apiGet<MarketingOverview>('/api/admin/marketing') });
export const useAudiences = () => useQuery({ queryKey: keys.audiences, queryFn: () => apiGet<Audience[]>('/api/admin/audiences') });
export const useAudience = (id: number | null) =>
  useQuery({ queryKey: keys.audience(id ?? 0), queryFn: () => apiGet<Audience>(`/api/admin/audiences/${id}`), enabled: id !== null });
export const useCampaigns = () => useQuery({ queryKey: keys.campaigns, queryFn: () => apiGet<Campaign[]>('/api/admin/campaigns') });
/** Polls every 1.5 s while the campaign is sending, so the progress bar moves batch by batch. */
export const useCampaign = (id: number | null) =>
  useQuery({
    queryKey: keys.campaign(id ?? 0),
    queryFn: () => apiGet<Campaign>(`/api/admin/campaigns/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'sending' || query.state.data?.status === 'scheduled' ? 1_500 : false),
  });
export const useCampaignPreview = (id: number) =>
  useQuery({ queryKey: keys.preview(id), queryFn: () => apiGet<CampaignPreview>(`/api/admin/campaigns/${id}/preview`) });
export const useAdminNotifications = () =>
  useQuery({ queryKey: keys.notifications, queryFn: () => apiGet<AdminNotification[]>('/api/admin/notifications') });
export const useAdminPromoCodes = () =>
  useQuery({ queryKey: keys.promoCodes, queryFn: () => apiGet<PromoCode[]>('/api/admin/promo-codes') });

/** Who a campaign to this audience on these channels is sent to now: the figure 'Send now' freezes (same server rule). */
export const useCampaignReach = (input: CampaignReachInput | null) =>
  useQuery({
    queryKey: ['/api/admin/campaigns/reach', input?.audienceId ?? 0, [...(input?.channels ?? [])].sort().join(',')],
    queryFn: () => apiRequest<CampaignReach>('POST', '/api/admin/campaigns/reach', input),
    enabled: input !== null && input.channels.length > 0,
    staleTime: 0,
  });

export const previewAudience = (rules: AudienceRules) => apiRequest<AudiencePreview>('POST', '/api/admin/audiences/preview', rules);

export function useSaveAudience(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AudienceInput) =>
      id === null
        ? apiRequest<Audience>('POST', '/api/admin/audiences', input)
        : apiRequest<Audience>('PUT', `/api/admin/audiences/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.audiences }),
  });
}

export function useSaveCampaign(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignInput) =>
      id === null
        ? apiRequest<Campaign>('POST', '/api/admin/campaigns', input)
        : apiRequest<Campaign>('PUT', `/api/admin/campaigns/${id}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.campaigns }),
  });
}

export type CampaignAction = { kind: 'send' } | { kind: 'schedule'; sendAt: string } | { kind: 'cancel' };

export function useCampaignAction(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) =>
      action.kind === 'schedule'
        ? apiRequest<Campaign>('POST', `/api/admin/campaigns/${id}/schedule`, { sendAt: action.sendAt })
        : apiRequest<Campaign>('POST', `/api/admin/campaigns/${id}/${action.kind}`),
    onSuccess: (campaign) => {
      queryClient.setQueryData(keys.campaign(id), campaign);
      void queryClient.invalidateQueries({ queryKey: keys.campaigns });
    },
  });
}

export function useSendAdminNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdminNotificationInput) => apiRequest<AdminNotification>('POST', '/api/admin/notifications', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.notifications }),
  });
}
