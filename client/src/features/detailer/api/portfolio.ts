import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DetailerPortfolio, PortfolioPair, PublishPairInput } from '@core/schemas/trust.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

const portfolioKey = ['/api/detailer/portfolio'] as const;

/** GET /api/detailer/portfolio: jobs whose customer said Yes, and the published pairs. */
export const detailerPortfolioQueryOptions = () =>
  queryOptions({ queryKey: portfolioKey, queryFn: () => apiGet<DetailerPortfolio>('/api/detailer/portfolio') });

export const useDetailerPortfolio = () => useQuery(detailerPortfolioQueryOptions());

/** POST /api/detailer/portfolio: publish a pair, blurred where asked. */
export function usePublishPair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublishPairInput) => apiRequest<PortfolioPair>('POST', '/api/detailer/portfolio', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKey }),
  });
}

/** DELETE /api/detailer/portfolio/:id */
export function useUnpublishPair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/detailer/portfolio/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: portfolioKey }),
  });
}
