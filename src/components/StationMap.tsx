/**
 * The station's place on a map (react-leaflet, leaflet's CSS from the package): the operator
 * drags the marker or clicks the map, or types the coordinates in the latitude / longitude
 * inputs (the marker follows). Tiles come from the server's configurable URL (`GET /sp/config`
 * → `mapTileUrl`); offline, tiles simply fail and the marker and coordinates still work.
 * The marker is a CSS pin (no image files), so nothing is fetched for it.
 */
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { useApi } from '../hooks/useApi';

/** Where the map opens when the station has no coordinates yet. */
export const DEFAULT_CENTER: [number, number] = [22.3193, 114.1694];

const pin = L.divIcon({
  className: 'station-pin',
  html: '<div style="width:22px;height:22px;border-radius:50% 50% 50% 0;background:#1ebb77;border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,.4)"></div>',
  iconSize: [22, 22],
  iconAnchor: [11, 22],
});

/** The map tile URL template of the server (null until known). */
export function useMapTileUrl(): string | null {
  const { data } = useApi<{ mapTileUrl?: string }>('config', undefined, { staleTime: Infinity });
  return data?.mapTileUrl ?? null;
}

/** A coordinate rounded to 6 decimals (≈ 0.1 m). */
export const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** A finite number from a form value (number or numeric string), else null. */
export function coord(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

function Recenter({ at }: { at: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains(at)) map.panTo(at);
  }, [map, at]);
  return null;
}

function ClickToPlace({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  return null;
}

/** The map inside the station form, bound to its `latitude` and `longitude` fields. */
export function StationMapInput() {
  const translate = useTranslate();
  const tileUrl = useMapTileUrl();
  const { setValue } = useFormContext();
  const lat = coord(useWatch({ name: 'latitude' }));
  const lng = coord(useWatch({ name: 'longitude' }));
  const has = lat !== null && lng !== null && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  const position = useMemo<[number, number]>(() => (has ? [lat as number, lng as number] : DEFAULT_CENTER), [has, lat, lng]);
  const place = (la: number, ln: number) => {
    setValue('latitude', round6(la), { shouldDirty: true, shouldValidate: true });
    setValue('longitude', round6(L.Util.wrapNum(ln, [-180, 180], true)), { shouldDirty: true, shouldValidate: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: made once, so the marker keeps its handlers; `place` only calls the form's stable setValue
  const handlers = useMemo(
    () => ({
      dragend: (e: L.LeafletEvent) => {
        const p = (e.target as L.Marker).getLatLng();
        place(p.lat, p.lng);
      },
    }),
    [],
  );
  return (
    <Box sx={{ width: '100%', maxWidth: 720 }} data-testid="station-map">
      <Box sx={{ height: 320, borderRadius: 1, overflow: 'hidden', border: '1px solid #dcdfe6', bgcolor: '#eef2f5' }}>
        <MapContainer center={position} zoom={has ? 15 : 11} style={{ height: '100%', width: '100%' }} scrollWheelZoom>
          {tileUrl && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />}
          <Marker position={position} draggable icon={pin} eventHandlers={handlers} />
          <ClickToPlace onPick={place} />
          <Recenter at={position} />
        </MapContainer>
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="map-coordinates">
        {has ? `${(lat as number).toFixed(6)}, ${(lng as number).toFixed(6)}` : translate('resources.station.helpers.no_coordinates')}
        {' · '}
        {translate('resources.station.helpers.map')}
      </Typography>
    </Box>
  );
}

/** A read-only map of one place (station show view). */
export function StationMapView({ latitude, longitude }: { latitude: number | null; longitude: number | null }) {
  const tileUrl = useMapTileUrl();
  if (latitude === null || longitude === null) return null;
  return (
    <Box sx={{ height: 240, borderRadius: 1, overflow: 'hidden', border: '1px solid #dcdfe6', bgcolor: '#eef2f5' }} data-testid="station-map-view">
      <MapContainer center={[latitude, longitude]} zoom={15} style={{ height: '100%', width: '100%' }} scrollWheelZoom={false}>
        {tileUrl && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" />}
        <Marker position={[latitude, longitude]} icon={pin} />
      </MapContainer>
    </Box>
  );
}
