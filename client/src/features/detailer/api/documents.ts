import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DetailerDocument, SubmitDocumentInput } from '@core/schemas/trust.ts';
import { apiGet, apiRequest } from '@/lib/api-client.ts';

const documentsKey = ['/api/detailer/documents'] as const;

/** GET /api/detailer/documents: the detailer's documents for badges, newest first. */
export const ownDocumentsQueryOptions = () =>
  queryOptions({ queryKey: documentsKey, queryFn: () => apiGet<DetailerDocument[]>('/api/detailer/documents') });

export const useOwnDocuments = () => useQuery(ownDocumentsQueryOptions());

/** POST /api/detailer/documents */
export function useSubmitDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SubmitDocumentInput) => apiRequest<DetailerDocument>('POST', '/api/detailer/documents', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentsKey }),
  });
}
