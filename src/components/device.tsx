/**
 * A device's (charger, gateway) display pieces: the online dot / chip, the last-seen time and the
 * run-status chip, and the title and labelled fields of a device's show page.
 */
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Grid, Tooltip, Typography } from '@mui/material';
import { ColorChip, RelativeTime, UnknownSinceChip, stateColor } from './common';
import { STATE_COLORS } from '../theme';
import { formatDateTime, type TimeInput } from '../utils/date';

/** Green / grey dot of a device's OCPP connection. */
export function OnlineDot({ online }: { online: boolean }) {
  const translate = useTranslate();
  const label = translate(`resources.charger.values.online.${online}`);
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        data-testid="online-dot"
        data-online={online ? 'true' : 'false'}
        aria-label={label}
        sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: online ? STATE_COLORS.available : STATE_COLORS.offline }}
      />
    </Tooltip>
  );
}

/** A device's OCPP connection as a coloured chip: "Online" (green) / "Offline" (grey). */
export function OnlineChip({ online }: { online: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="span" data-testid="online-chip" data-online={online ? 'true' : 'false'} sx={{ display: 'inline-flex' }}>
      <ColorChip label={translate(`resources.charger.values.online.${online}`)} color={online ? STATE_COLORS.available : STATE_COLORS.offline} />
    </Box>
  );
}

/**
 * When a device was last heard from: relative ("3 min ago", full time in its tooltip) with the
 * absolute `YYYY-MM-DD HH:mm:ss` beside it (`inline`) or under it; "never" when it has not been.
 */
export function LastSeen({ value, inline }: { value: TimeInput; inline?: boolean }) {
  const absolute = formatDateTime(value);
  return (
    <Box
      component="span"
      data-testid="last-seen"
      sx={{ display: 'inline-flex', flexDirection: inline ? 'row' : 'column', gap: inline ? 1 : 0, alignItems: inline ? 'baseline' : 'flex-start' }}
    >
      <RelativeTime value={value} />
      {absolute && (
        <Box component="span" data-testid="last-seen-absolute" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>
          {absolute}
        </Box>
      )}
    </Box>
  );
}

/** An OCPP status (`Available`, `Charging`…) in the user's language; the charger's own word when it is not one of OCPP 1.6's. */
export function runStatusLabel(translate: (key: string, options?: Record<string, unknown>) => string, status: string): string {
  return translate(`resources.charger.values.runStatus.${status}`, { _: status });
}

/**
 * A charger's run status as a coloured chip: its one derived state (`dashboardState`: what it is
 * doing, its connectors included) when known, so it never contradicts the state shown beside it;
 * "unknown since <last seen>" while offline; "—" when nothing was reported.
 */
export function RunStatusChip({
  status,
  online,
  state,
  lastSeenAt,
}: {
  status: string | null | undefined;
  online: boolean;
  state?: string | null;
  lastSeenAt?: string | null;
}) {
  const translate = useTranslate();
  if (!online) return <UnknownSinceChip lastSeenAt={lastSeenAt} />;
  if (state) return <ColorChip testId="run-status" label={translate(`app.dashboard.split.${state}`)} color={stateColor(state)} />;
  if (!status) return <span>—</span>;
  return <ColorChip testId="run-status" label={runStatusLabel(translate, status)} color={stateColor(status, online)} />;
}

/** The title of a device's show page: its online dot and its SN in monospace (`testId` on the SN). */
export function DeviceTitle({ online, serialNum, testId }: { online: boolean; serialNum: string; testId: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <OnlineDot online={online} />
      <span style={{ fontFamily: 'monospace' }} data-testid={testId}>
        {serialNum}
      </span>
    </Box>
  );
}

/** One labelled value of a device's show page ("—" when the value is null or undefined). */
export function ShowField({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div" data-testid={testId}>
        {children ?? '—'}
      </Typography>
    </Grid>
  );
}
