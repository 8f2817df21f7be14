import { useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@core/schemas/admin-overview.ts';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/admin/overview: bookings and money today and this week, and detailers waiting for approval. */
export const useAdminOverview = () =>
  useQuery({ queryKey: ['/api/admin/overview'], queryFn: () => apiGet<AdminOverview>('/api/admin/overview') });
