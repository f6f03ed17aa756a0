import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { AttributionControl, MapContainer, Marker, TileLayer, useMap, useMapEvents, ZoomControl } from 'react-leaflet';

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface LeafletMapProps {
  position: LatLng | null;
  /** Given: a click or a dragged pin sets the position (the picker); absent: the map only shows it. */
  onPick?: (position: LatLng) => void;
  tileUrl: string;
  attribution: string;
  /** The map's accessible name, e.g. "Church location". */
  label: string;
  pinLabel: string;
  zoomInLabel: string;
  zoomOutLabel: string;
  height: number;
}

// Without a position the map shows the whole of Australia; with one, the streets around it.
const AUSTRALIA: L.LatLngTuple = [-25.27, 133.77];
const round = (n: number) => Math.round(n * 1e6) / 1e6;

// A CSS pin instead of Leaflet's default PNG marker, whose image URLs bundlers break.
const pinIcon = L.divIcon({
  className: 'church-map-pin',
  html: '<span style="display:block;width:22px;height:22px;border-radius:50% 50% 50% 0;background:#1c7ed6;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.5);transform:rotate(-45deg)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

function ClickToPick({ onPick }: { onPick: (p: LatLng) => void }) {
  useMapEvents({ click: (e) => onPick({ latitude: round(e.latlng.lat), longitude: round(e.latlng.lng) }) });
  return null;
}

/** Follows a position typed into the fields, without resetting the zoom the person chose. */
function FollowPosition({ position }: { position: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (!position) return;
    const target = L.latLng(position.latitude, position.longitude);
    if (!map.getBounds().contains(target)) map.setView(target, Math.max(map.getZoom(), 13));
  }, [map, position]);
  return null;
}

/**
 * The Leaflet map itself (decision 012): loaded only on screens that show a map. Tiles come from the
 * configured server; when none can be reached the map stays blank but clicks and dragging still
 * set the position, and the typed coordinates remain the accessible way to set it.
 */
export function LeafletMap(p: LeafletMapProps) {
  const center = useMemo<L.LatLngTuple>(() => (p.position ? [p.position.latitude, p.position.longitude] : AUSTRALIA), [p.position]);
  return (
    // Leaflet stacks its panes at 400 and its controls at 1000, above the app's header (100), the
    // phone menu and toasts: isolated, the map's layers stay inside its own box when the page
    // scrolls it under the header.
    <div role="region" aria-label={p.label} style={{ isolation: 'isolate' }}>
    <MapContainer
      center={center}
      zoom={p.position ? 15 : 4}
      zoomControl={false}
      attributionControl={false}
      scrollWheelZoom={false}
      style={{ height: p.height, width: '100%', borderRadius: 8, background: '#e9ecef' }}
    >
      <TileLayer url={p.tileUrl} />
      <AttributionControl prefix={false} />
      <ZoomControl zoomInTitle={p.zoomInLabel} zoomOutTitle={p.zoomOutLabel} />
      <TileAttribution text={p.attribution} />
      {p.position && (
        <Marker
          position={[p.position.latitude, p.position.longitude]}
          icon={pinIcon}
          title={p.pinLabel}
          alt={p.pinLabel}
          keyboard={Boolean(p.onPick)}
          draggable={Boolean(p.onPick)}
          eventHandlers={p.onPick ? {
            dragend: (e) => {
              const at = (e.target as L.Marker).getLatLng();
              p.onPick!({ latitude: round(at.lat), longitude: round(at.lng) });
            },
          } : undefined}
        />
      )}
      {p.onPick && <ClickToPick onPick={p.onPick} />}
      <FollowPosition position={p.position} />
    </MapContainer>
    </div>
  );
}

/** The attribution as text (never HTML from settings). */
function TileAttribution({ text }: { text: string }) {
  const map = useMap();
  useEffect(() => {
    const control = map.attributionControl;
    if (!control) return;
    const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    control.addAttribution(escaped);
    return () => { control.removeAttribution(escaped); };
  }, [map, text]);
  return null;
}

export default LeafletMap;
