import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DetailerDocument, DocumentDecisionInput } from '@core/schemas/trust.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

const pendingKey = ['/api/admin/documents'] as const;

/** GET /api/admin/documents: documents waiting for a decision, oldest first. */
export const pendingDocumentsQueryOptions = () =>
  queryOptions({ queryKey: pendingKey, queryFn: () => apiGet<DetailerDocument[]>('/api/admin/documents') });

export const usePendingDocuments = () => useQuery(pendingDocumentsQueryOptions());

/** POST /api/admin/documents/:id/decision */
export function useDecideDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...decision }: DocumentDecisionInput & { id: number }) =>
      apiRequest<DetailerDocument>('POST', `/api/admin/documents/${id}/decision`, decision),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingKey }),
  });
}
