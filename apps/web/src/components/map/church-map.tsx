import { Alert, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { OSM_ATTRIBUTION } from '@app/shared';
import { useMapSettings } from './map-settings';
import type { LatLng } from './leaflet-map';

// Leaflet (about 150 KB) is fetched only when a screen shows a map.
const LeafletMap = lazy(() => import('./leaflet-map'));

export type { LatLng };

interface ChurchMapProps {
  position: LatLng | null;
  /** Given: the map is a picker (click or drag the pin). */
  onPick?: (position: LatLng) => void;
  label: string;
  height?: number;
}

/** A church's location on a map, or a picker for it; tiles from the server's map settings. */
export function ChurchMap({ position, onPick, label, height = 280 }: ChurchMapProps) {
  const { t } = useTranslation();
  const settings = useMapSettings();
  const skeleton = <Skeleton h={height} radius="md" role="status" aria-label={t('churchMap.loading')} />;
  if (settings.isPending) return skeleton;
  if (settings.isError) return <Alert color="yellow">{t('churchMap.unavailable')}</Alert>;
  return (
    <Suspense fallback={skeleton}>
      <LeafletMap
        position={position}
        onPick={onPick}
        tileUrl={settings.data.tileUrl}
        // OpenStreetMap's credit in the reader's language; an operator's own credit as they wrote it.
        attribution={settings.data.attribution === OSM_ATTRIBUTION ? t('churchMap.osmAttribution') : settings.data.attribution}
        label={label}
        pinLabel={t('churchMap.pin')}
        zoomInLabel={t('churchMap.zoomIn')}
        zoomOutLabel={t('churchMap.zoomOut')}
        height={height}
      />
    </Suspense>
  );
}
