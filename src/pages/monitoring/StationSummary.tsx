/**
 * A station in the map's popup: name, address, each charger's state and connectors, and a link to
 * its station monitoring. Read from `GET /sp/monitoring/station/:id` when the popup opens and
 * again at every `version` (live event).
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, CircularProgress, Typography } from '@mui/material';
import { routePath } from '../../../domain/routes';
import type { StationMonitorAnswer } from '../../../domain/entities/monitoring';
import { useApi } from '../../hooks/useApi';
import { stateColor } from '../../components/common';

export function StationSummary({ id, version }: { id: number; version: number }) {
  const translate = useTranslate();
  const { data, error, refetch } = useApi<StationMonitorAnswer>(`monitoring/station/${id}`);
  useEffect(() => {
    if (version) void refetch();
  }, [version, refetch]);
  if (error && !data)
    return (
      <Typography variant="body2" color="error">
        {translate(error.message, { _: error.message })}
      </Typography>
    );
  if (!data)
    return (
      <Box sx={{ width: 260, textAlign: 'center' }}>
        <CircularProgress size={20} />
      </Box>
    );
  return (
    <Box sx={{ width: 260 }} data-testid="map-popup" data-state={data.state}>
      <Typography sx={{ fontWeight: 600, fontSize: 14 }}>{data.name}</Typography>
      {data.address && (
        <Typography variant="caption" color="text.secondary">
          {data.address}
        </Typography>
      )}
      <Box sx={{ mt: 1, maxHeight: 180, overflowY: 'auto' }}>
        {data.chargers.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.map.no_chargers')}
          </Typography>
        )}
        {data.chargers.map((c) => (
          <Box key={c.id} sx={{ py: 0.5, borderBottom: '1px solid #ebeef5' }} data-testid="map-popup-charger" data-state={c.dashboardState}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: stateColor(c.dashboardState) }} />
              <Typography sx={{ fontFamily: 'monospace', fontSize: 12 }}>{c.serialNum}</Typography>
              <Typography variant="caption" sx={{ ml: 'auto', color: stateColor(c.dashboardState) }}>
                {translate(`app.dashboard.split.${c.dashboardState}`)}
              </Typography>
            </Box>
            {c.online && c.connectors.length > 0 && (
              <Typography variant="caption" color="text.secondary">
                {c.connectors.map((k) => `#${k.connectorId} ${translate(`resources.charger.values.runStatus.${k.status}`, { _: k.status })}`).join(' · ')}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 1 }}>
        <Link to={`${routePath('stationMonitoring')}?stationId=${data.id}`} data-testid="map-popup-link">
          {translate('app.map.open_station')}
        </Link>
      </Box>
    </Box>
  );
}
