/**
 * Fields of the charger monitoring grid and charger page: online dot, connector chips ("unknown
 * since <last seen>" while offline), last seen, and the charger's one derived state.
 */
import { useRecordContext, useTranslate } from 'react-admin';
import { Box, Stack, Tooltip } from '@mui/material';
import { ColorChip, RelativeTime, UnknownSinceChip, stateColor } from '../../src/components/common';
import { STATE_COLORS } from '../../src/theme';
import type { ChargerRecord } from '../../domain/entities/charger';

type FieldProps = { label?: string; source?: string; sortBy?: string; sortable?: boolean };

export function OnlineField(_props: FieldProps) {
  const record = useRecordContext<ChargerRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const label = translate(`resources.charger.values.online.${record.online}`);
  return (
    <Tooltip title={label}>
      <Box
        data-testid="online-dot"
        data-online={record.online ? 'true' : 'false'}
        aria-label={label}
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: record.online ? STATE_COLORS.available : STATE_COLORS.offline,
          boxShadow: record.online ? `0 0 0 3px ${STATE_COLORS.available}33` : 'none',
        }}
      />
    </Tooltip>
  );
}

export function ConnectorsField(_props: FieldProps) {
  const record = useRecordContext<ChargerRecord>();
  const translate = useTranslate();
  if (!record) return null;
  // Offline: the last reported statuses are stale; say what is known.
  if (!record.online) return <UnknownSinceChip lastSeenAt={record.lastSeenAt} />;
  const connectors = (record.connectors ?? []).filter((c) => c.connectorId > 0);
  if (!connectors.length) return <span>—</span>;
  return (
    <Stack direction="row" spacing={0.5} flexWrap="nowrap" useFlexGap>
      {connectors.map((c) => {
        const status = translate(`resources.charger.values.runStatus.${c.status}`, { _: c.status });
        const detail = [c.errorCode && c.errorCode !== 'NoError' ? c.errorCode : '', c.info ?? ''].filter(Boolean).join(' · ');
        return (
          <ColorChip
            key={c.connectorId}
            testId={`connector-${c.connectorId}`}
            label={`#${c.connectorId} ${status}`}
            color={stateColor(c.status, record.online)}
            title={detail || undefined}
          />
        );
      })}
    </Stack>
  );
}

export function LastSeenField(_props: FieldProps) {
  const record = useRecordContext<ChargerRecord>();
  return record ? <RelativeTime value={record.lastSeenAt} /> : null;
}

export function StateField(_props: FieldProps) {
  const record = useRecordContext<ChargerRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <ColorChip
      testId={`state-cell-${record.dashboardState}`}
      label={translate(`app.dashboard.split.${record.dashboardState}`)}
      color={stateColor(record.dashboardState)}
    />
  );
}
