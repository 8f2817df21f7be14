import { useQuery } from '@tanstack/react-query';
import type { DemoOutbox } from '@core/schemas/demo-outbox.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/demo/outbox: demo mode's sent mails of the last hour (404 off demo mode); read afresh, links are single-use. */
export function useDemoOutbox() {
  return useQuery({ queryKey: ['/api/demo/outbox'], queryFn: () => apiGet<DemoOutbox>('/api/demo/outbox'), staleTime: 0, retry: false });
}
