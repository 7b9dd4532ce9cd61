/**
 * Marker and cluster icons of the monitoring map: CSS-drawn (no image files), coloured by the
 * station's map state (STATE_COLORS of the theme). Five station icons are made once and shared by
 * every marker; a cluster takes the colour of the worst state among its stations.
 */
import L from 'leaflet';
import { MAP_STATES, type MapState } from '../../../domain/entities/monitoring';
import { STATE_COLORS } from '../../theme';

/** Options a station marker carries (read back by the cluster icon). */
export interface StationMarkerOptions extends L.MarkerOptions {
  stationId: number;
  stateIndex: number;
}

const pinHtml = (state: MapState) =>
  `<div class="cd-pin" data-state="${state}" style="width:20px;height:20px;border-radius:50% 50% 50% 0;background:${STATE_COLORS[state]};border:2px solid #fff;transform:rotate(-45deg);box-shadow:0 1px 4px rgba(0,0,0,.45)"></div>`;

/** One icon per map state, in MAP_STATES order. */
export const STATE_ICONS: readonly L.DivIcon[] = MAP_STATES.map((state) =>
  L.divIcon({
    className: `cd-station-marker cd-state-${state}`,
    html: pinHtml(state),
    iconSize: [20, 20],
    iconAnchor: [10, 20],
    popupAnchor: [0, -20],
  }),
);

/** The cluster's icon: its station count on the colour of its worst station. */
export function clusterIcon(cluster: L.MarkerCluster): L.DivIcon {
  const markers = cluster.getAllChildMarkers();
  let worst = MAP_STATES.length - 1;
  for (const m of markers) worst = Math.min(worst, (m.options as StationMarkerOptions).stateIndex ?? worst);
  const state = MAP_STATES[worst];
  const n = markers.length;
  const size = n < 10 ? 30 : n < 100 ? 36 : n < 1000 ? 42 : 48;
  return L.divIcon({
    className: `cd-cluster cd-state-${state}`,
    html: `<div data-state="${state}" style="width:${size}px;height:${size}px;line-height:${size}px;border-radius:50%;background:${STATE_COLORS[state]};opacity:.9;color:#fff;font:600 12px/1 sans-serif;display:flex;align-items:center;justify-content:center;border:3px solid rgba(255,255,255,.8);box-shadow:0 1px 5px rgba(0,0,0,.35)">${n}</div>`,
    iconSize: [size, size],
  });
}
