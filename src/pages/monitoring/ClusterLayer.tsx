/**
 * The stations of the monitoring map as one Leaflet.markercluster layer (a small wrapper: markers
 * are kept outside React, so 10 000 stations are 10 000 Leaflet markers and no React elements).
 * When `stations` changes only what changed is touched: a marker whose state changed gets its new
 * icon (and its cluster is redrawn), moved ones move, new ones are added in chunks, gone ones
 * are removed. `onSelect` is called with a station's id and position when its marker is clicked.
 * Each pin carries its station's name as a tooltip: on hover, or always shown when `labels` is on
 * (the map has no tiles, so nothing else says where a pin is). Only unclustered pins are on the
 * map, so only they draw a label.
 */
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import L from './markerCluster';
import type { MapStation } from '../../../domain/entities/monitoring';
import { STATE_ICONS, clusterIcon, type StationMarkerOptions } from './mapIcons';

/** Zoom from which every station is its own marker. */
export const NO_CLUSTER_ZOOM = 17;

/** Marks a marker's element with its station (`data-station`), so the page can be read and tested. */
function tag(m: L.Marker) {
  m.getElement()?.setAttribute('data-station', String((m.options as StationMarkerOptions).stationId));
}

/** The pin's name tooltip: permanent (a label) or on hover. */
function nameTooltip(m: L.Marker, name: string, permanent: boolean) {
  m.unbindTooltip();
  m.bindTooltip(name, { permanent, direction: 'top', offset: [0, -18], className: 'cd-station-label', opacity: 0.95 });
}

export function ClusterLayer({
  stations,
  onSelect,
  labels = false,
}: {
  stations: readonly MapStation[];
  onSelect: (id: number, at: [number, number]) => void;
  /** Show every pin's name (no map tiles). */
  labels?: boolean;
}) {
  const map = useMap();
  const group = useRef<L.MarkerClusterGroup | null>(null);
  const markers = useRef(new Map<number, L.Marker>());
  const select = useRef(onSelect);
  select.current = onSelect;
  const labelsRef = useRef(labels);
  labelsRef.current = labels;

  // Labels switched on or off (tiles lost or back): every pin's tooltip follows.
  useEffect(() => {
    for (const m of markers.current.values()) {
      const name = m.getTooltip()?.getContent();
      if (typeof name === 'string') nameTooltip(m, name, labels);
    }
  }, [labels]);

  useEffect(() => {
    const g = L.markerClusterGroup({
      chunkedLoading: true,
      showCoverageOnHover: false,
      spiderfyOnMaxZoom: true,
      disableClusteringAtZoom: NO_CLUSTER_ZOOM,
      maxClusterRadius: 60,
      iconCreateFunction: clusterIcon,
    });
    g.on('click', (e: L.LeafletMouseEvent) => {
      const m = e.propagatedFrom as L.Marker | undefined;
      const id = (m?.options as StationMarkerOptions | undefined)?.stationId;
      if (m && id !== undefined) {
        const p = m.getLatLng();
        select.current(id, [p.lat, p.lng]);
      }
    });
    map.addLayer(g);
    group.current = g;
    const all = markers.current;
    return () => {
      map.removeLayer(g);
      group.current = null;
      all.clear();
    };
  }, [map]);

  useEffect(() => {
    const g = group.current;
    if (!g) return;
    const current = markers.current;
    const seen = new Set<number>();
    const added: L.Marker[] = [];
    const changed: L.Marker[] = [];
    for (const [id, lat, lng, stateIndex, , name] of stations) {
      seen.add(id);
      const m = current.get(id);
      if (!m) {
        const options: StationMarkerOptions = {
          icon: STATE_ICONS[stateIndex] ?? STATE_ICONS[STATE_ICONS.length - 1],
          stationId: id,
          stateIndex,
          keyboard: false,
          title: name,
        };
        const marker = L.marker([lat, lng], options);
        nameTooltip(marker, name, labelsRef.current);
        marker.on('add', () => tag(marker));
        current.set(id, marker);
        added.push(marker);
        continue;
      }
      const o = m.options as StationMarkerOptions;
      if (m.getTooltip()?.getContent() !== name) nameTooltip(m, name, labelsRef.current);
      const p = m.getLatLng();
      if (p.lat !== lat || p.lng !== lng) m.setLatLng([lat, lng]);
      if (o.stateIndex !== stateIndex) {
        o.stateIndex = stateIndex;
        m.setIcon(STATE_ICONS[stateIndex] ?? STATE_ICONS[STATE_ICONS.length - 1]);
        tag(m);
        changed.push(m);
      }
    }
    const gone = [...current.entries()].filter(([id]) => !seen.has(id));
    if (gone.length) {
      g.removeLayers(gone.map(([, m]) => m));
      for (const [id] of gone) current.delete(id);
    }
    if (added.length) g.addLayers(added);
    if (changed.length) g.refreshClusters(changed);
  }, [stations]);

  return null;
}
