import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client.ts';

/** GET /api/map-config: the tile server (MAP_TILE_URL, MAP_ATTRIBUTION); none by default, the map draws on a plain background. */
export type MapConfig = { tileUrl: string | null; attribution: string | null };

export const getMapConfig = () => apiGet<MapConfig>('/api/map-config');

export const mapConfigQueryOptions = () =>
  queryOptions({ queryKey: ['/api/map-config'], queryFn: getMapConfig, staleTime: Infinity, retry: 1 });

/** The map still draws without tiles, so a failed config read simply means no tiles. */
export function useMapConfig() {
  return useQuery(mapConfigQueryOptions());
}
