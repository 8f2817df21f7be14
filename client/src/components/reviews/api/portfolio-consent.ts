import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortfolioConsent } from '@core/schemas/trust.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

const consentKey = (bookingId: number) => ['/api/bookings', bookingId, 'portfolio-consent'] as const;

/** GET /api/bookings/:id/portfolio-consent: the customer's answer, null until they give one. */
export const portfolioConsentQueryOptions = (bookingId: number) =>
  queryOptions({
    queryKey: consentKey(bookingId),
    queryFn: () => apiGet<PortfolioConsent>(`/api/bookings/${bookingId}/portfolio-consent`),
  });

export const usePortfolioConsent = (bookingId: number) => useQuery(portfolioConsentQueryOptions(bookingId));

/** PUT /api/bookings/:id/portfolio-consent { allowed } */
export function useSetPortfolioConsent(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allowed: boolean) => apiRequest<PortfolioConsent>('PUT', `/api/bookings/${bookingId}/portfolio-consent`, { allowed }),
    onSuccess: (answer) => queryClient.setQueryData(consentKey(bookingId), answer),
  });
}
