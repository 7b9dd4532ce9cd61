/**
 * The open (HAPPENING) events of a station on station monitoring: `GET /sp/event?stationId=`
 * (the events API of the Events screen, default status HAPPENING). Hidden when the caller may not
 * read events or the server has no events API yet (a 403 or 404 answer): the station grid stays
 * whole without it.
 */
import { useLocaleState, useTranslate } from 'react-admin';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { eventTypeLabel } from '../../../domain/events';
import type { EventRecord } from '../../../domain/entities/event';
import { useApi } from '../../hooks/useApi';
import { formatDateTime } from '../../utils/date';

export function OpenEvents({ stationId, version }: { stationId: number; version: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error } = useApi<{ records: EventRecord[]; total: number }>('event', { stationId, size: 10, v: version }, { placeholderData: (prev) => prev });
  if (error || !data) return null;
  return (
    <Box data-testid="station-open-events">
      <Typography sx={{ fontWeight: 600, fontSize: 14, mb: 1 }}>
        {translate('app.station_monitor.open_events')} · {data.total}
      </Typography>
      {data.records.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('app.station_monitor.no_open_events')}
        </Typography>
      ) : (
        <Stack spacing={0.5}>
          {data.records.map((e) => (
            <Box key={e.id} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip size="small" color={e.eventLevel === 'fault' ? 'error' : 'warning'} label={eventTypeLabel(e.eventType, locale === 'zh' ? 'zh' : 'en')} />
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {e.deviceSn}
                {e.connectorId ? ` #${e.connectorId}` : ''}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDateTime(e.occurTime)}
              </Typography>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
