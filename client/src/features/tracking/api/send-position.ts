import { apiRequest } from '@/lib/api-client.ts';
import type { PositionInput } from '@core/schemas/tracking.ts';

/** POST /api/detailer/positions: 204; 409 with the reason when sharing is off or the job is no longer on its way. */
export const sendPosition = (position: PositionInput) => apiRequest<void>('POST', '/api/detailer/positions', position);
