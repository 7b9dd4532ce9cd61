/** Small shared display pieces: empty and error states, relative time, coloured state chips. */
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Chip, CircularProgress, LinearProgress, Tooltip, Typography } from '@mui/material';
import InboxIcon from '@mui/icons-material/Inbox';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { formatDateTime, relativeTime, type TimeInput } from '../utils/date';
import { STATE_COLORS } from '../theme';

export function EmptyState({ message, icon }: { message?: string; icon?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }} data-testid="empty-state">
      {icon ?? <InboxIcon sx={{ fontSize: 48, opacity: 0.5 }} />}
      <Typography sx={{ mt: 1 }}>{translate(message ?? 'app.empty')}</Typography>
    </Box>
  );
}

export function ErrorState({ error, onRetry }: { error?: Error | null; onRetry?: () => void }) {
  const translate = useTranslate();
  const message = error?.message ? translate(error.message, { _: error.message }) : translate('app.error.load_failed');
  return (
    <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }} data-testid="error-state">
      <CloudOffIcon sx={{ fontSize: 48, opacity: 0.5 }} />
      <Typography sx={{ mt: 1 }}>{message}</Typography>
      {onRetry && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={onRetry}>
          {translate('app.error.retry')}
        </Button>
      )}
    </Box>
  );
}

/**
 * The states of a fetched table in one place: a thin bar while fetching, the error with a retry
 * when nothing was loaded, a spinner on the first load, the empty message, else `children`.
 */
export function QueryStates({
  data,
  error,
  isPending,
  isFetching,
  empty,
  emptyMessage,
  onRetry,
  children,
}: {
  data: unknown;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  empty: boolean;
  emptyMessage: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {isFetching && <LinearProgress sx={{ height: 2 }} />}
      {error && !data ? (
        <ErrorState error={error} onRetry={onRetry} />
      ) : isPending && !data ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress size={24} />
        </Box>
      ) : empty ? (
        <EmptyState message={emptyMessage} />
      ) : (
        children
      )}
    </>
  );
}

/** "3 min ago" with the full date in a tooltip. */
export function RelativeTime({ value }: { value: TimeInput }) {
  const translate = useTranslate();
  const rel = relativeTime(value);
  if (!rel) return <span>{translate('app.time.never')}</span>;
  return (
    <Tooltip title={formatDateTime(value)}>
      <span>{translate(`app.time.ago.${rel.unit}`, { smart_count: rel.count })}</span>
    </Tooltip>
  );
}

/** Colour of an OCPP connector status or a dashboard state. */
export function stateColor(state: string | null | undefined, online = true): string {
  if (!online) return STATE_COLORS.offline;
  switch (state) {
    case 'Available':
    case 'available':
      return STATE_COLORS.available;
    case 'Charging':
    case 'charging':
      return STATE_COLORS.charging;
    case 'Faulted':
    case 'faulty':
      return STATE_COLORS.faulty;
    case 'Unavailable':
    case 'offline':
      return STATE_COLORS.offline;
    default:
      return STATE_COLORS.occupied;
  }
}

/**
 * What is known of an offline charger's connectors and run status: nothing since it was last
 * heard from — "Unknown since <last seen>" instead of the last reported (stale) status.
 */
export function UnknownSinceChip({ lastSeenAt }: { lastSeenAt: TimeInput | null | undefined }) {
  const translate = useTranslate();
  const when = lastSeenAt ? formatDateTime(lastSeenAt) : '';
  return (
    <ColorChip
      testId="unknown-since"
      label={when ? translate('app.monitoring.unknown_since', { time: when }) : translate('app.monitoring.unknown_never')}
      color={STATE_COLORS.offline}
    />
  );
}

export function ColorChip({ label, color, testId, title }: { label: ReactNode; color: string; testId?: string; title?: string }) {
  const chip = (
    <Chip size="small" label={label} data-testid={testId} sx={{ bgcolor: `${color}1f`, color, border: `1px solid ${color}55`, fontWeight: 500, height: 22 }} />
  );
  return title ? <Tooltip title={title}>{chip}</Tooltip> : chip;
}
