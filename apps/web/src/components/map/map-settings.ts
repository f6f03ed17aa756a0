import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapSettings } from '@app/shared';
import { api } from '../../lib/api-client';

/** GET /map-settings: the tile server (MAP_TILE_URL) and its attribution; rarely changes. */
export const mapSettingsQuery = queryOptions({
  queryKey: ['map-settings'],
  queryFn: () => api<MapSettings>('/map-settings'),
  staleTime: Infinity,
});

export function useMapSettings() {
  return useQuery(mapSettingsQuery);
}
