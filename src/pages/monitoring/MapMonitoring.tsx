/**
 * Monitoring › Map monitoring (`#/Monitoring/MapMonitoring`, requirements §14): every station
 * of the chosen operator (administrators choose it in the navbar, `?companyCode=`) as a marker
 * coloured by its worst live state, clustered when zoomed out (Leaflet.markercluster), a popup
 * with its chargers and a link to station monitoring. Live: the event stream refetches the
 * compact `GET /sp/monitoring/map` and only changed markers are redrawn. Tiles come from the
 * server's `mapTileUrl`; without tiles (none configured, or none loads: offline) the markers stand
 * on a plain background, a notice says so and every pin is labelled with its station's name.
 * `?focus=<stationId>` opens the map on that station.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { Alert, Box, Card, Chip, Stack, Typography } from '@mui/material';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import type { LatLngBoundsExpression } from 'leaflet';
import { MAP_STATES, type MapAnswer } from '../../../domain/entities/monitoring';
import { DEFAULT_CENTER, useMapTileUrl } from '../../components/StationMap';
import { ErrorState } from '../../components/common';
import { useApi } from '../../hooks/useApi';
import { useLiveEvents } from '../../hooks/useLiveEvents';
import { STATE_COLORS } from '../../theme';
import { ClusterLayer, NO_CLUSTER_ZOOM } from './ClusterLayer';
import { StationSummary } from './StationSummary';

/** Fits the map to the stations once per operator (and on `?focus=` zooms to that station). */
function FitOnce({ data, scopeKey, focus }: { data: MapAnswer | undefined; scopeKey: string; focus: number | null }) {
  const map = useMap();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!data || done.current === scopeKey) return;
    done.current = scopeKey;
    const target = focus !== null ? data.stations.find((s) => s[0] === focus) : undefined;
    if (target) {
      map.setView([target[1], target[2]], NO_CLUSTER_ZOOM);
      return;
    }
    if (!data.stations.length) return;
    let [s, w, n, e] = [90, 180, -90, -180];
    for (const [, lat, lng] of data.stations) {
      s = Math.min(s, lat);
      n = Math.max(n, lat);
      w = Math.min(w, lng);
      e = Math.max(e, lng);
    }
    const bounds: LatLngBoundsExpression = [
      [s, w],
      [n, e],
    ];
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15 });
  }, [data, scopeKey, focus, map]);
  return null;
}

export default function MapMonitoring() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const companyCode = params.get('companyCode') ?? '';
  const focusParam = Number(params.get('focus'));
  const focus = Number.isInteger(focusParam) && focusParam > 0 ? focusParam : null;
  const tileUrl = useMapTileUrl();
  // Tiles that fail while none has loaded: the map is offline (or the tile server unreachable).
  const [tiles, setTiles] = useState({ loaded: 0, failed: 0 });
  const tileEvents = useMemo(
    () => ({
      tileload: () => setTiles((t) => (t.loaded ? t : { ...t, loaded: 1 })),
      tileerror: () => setTiles((t) => (t.failed ? t : { ...t, failed: 1 })),
    }),
    [],
  );
  const noTiles = !tileUrl || (tiles.failed > 0 && tiles.loaded === 0);
  const query = useMemo(() => (companyCode ? { companyCode } : undefined), [companyCode]);
  const { data, error, refetch } = useApi<MapAnswer>('monitoring/map', query, { placeholderData: (prev) => prev });
  const [selected, setSelected] = useState<{ id: number; at: [number, number] } | null>(null);
  const [version, setVersion] = useState(0);
  const live = useLiveEvents(
    () => {
      void refetch();
      setVersion((v) => v + 1);
    },
    { throttleMs: 3000 },
  );
  const onSelect = useCallback((id: number, at: [number, number]) => setSelected({ id, at }), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a company change clears the selected station
  useEffect(() => setSelected(null), [companyCode]);
  useEffect(() => {
    if (focus === null || !data) return;
    const s = data.stations.find((x) => x[0] === focus);
    if (s) setSelected({ id: s[0], at: [s[1], s[2]] });
  }, [focus, data]);

  return (
    <Stack spacing={2} data-testid="map-page">
      <Title title={translate('menu.mapMonitoring')} />
      <Card sx={{ p: 1.5, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="map-legend">
        {MAP_STATES.map((s) => (
          <Chip
            key={s}
            size="small"
            variant="outlined"
            data-testid={`map-count-${s}`}
            label={`${translate(`app.dashboard.split.${s}`)} · ${data?.counts[s] ?? '…'}`}
            sx={{ borderColor: STATE_COLORS[s], color: STATE_COLORS[s], fontWeight: 500 }}
            icon={<Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATE_COLORS[s], ml: '8px !important' }} />}
          />
        ))}
        {data && data.unplaced > 0 && (
          <Typography variant="caption" color="text.secondary" data-testid="map-unplaced">
            {translate('app.map.unplaced', { smart_count: data.unplaced })}
          </Typography>
        )}
        <Typography variant="caption" sx={{ ml: 'auto', color: live ? STATE_COLORS.available : 'text.secondary' }} data-testid="map-live">
          {translate(live ? 'app.map.live' : 'app.map.polling')}
        </Typography>
      </Card>
      {error && !data ? (
        <Card>
          <ErrorState error={error} onRetry={() => void refetch()} />
        </Card>
      ) : (
        <Box
          sx={{
            position: 'relative',
            height: { xs: 'calc(100vh - 260px)', md: 'calc(100vh - 200px)' },
            minHeight: 360,
            borderRadius: 1,
            overflow: 'hidden',
            border: '1px solid #dcdfe6',
            bgcolor: '#eef2f5',
          }}
          data-testid="monitoring-map"
          data-stations={data?.stations.length ?? ''}
          data-tiles={noTiles ? 'none' : 'on'}
        >
          {noTiles && (
            <Alert
              severity="info"
              data-testid="map-no-tiles"
              sx={{ position: 'absolute', zIndex: 1000, top: 8, left: 56, right: 8, maxWidth: 560, py: 0, boxShadow: 1 }}
            >
              {translate('app.map.no_tiles')}
            </Alert>
          )}
          <MapContainer
            center={DEFAULT_CENTER}
            zoom={11}
            minZoom={2}
            maxZoom={19}
            style={{ height: '100%', width: '100%', background: '#eef2f5' }}
            preferCanvas={false}
            worldCopyJump
          >
            {tileUrl && <TileLayer url={tileUrl} attribution="&copy; OpenStreetMap" eventHandlers={tileEvents} />}
            <ClusterLayer stations={data?.stations ?? []} onSelect={onSelect} labels={noTiles} />
            <FitOnce data={data} scopeKey={companyCode} focus={focus} />
            {selected && (
              <Popup position={selected.at} minWidth={260} maxWidth={320} eventHandlers={{ remove: () => setSelected(null) }} offset={[0, -16]}>
                <StationSummary id={selected.id} version={version} />
              </Popup>
            )}
          </MapContainer>
        </Box>
      )}
    </Stack>
  );
}
