/** A KPI tile: label, big value, optional icon (its tinted square only when there is one) and footer. */
import type { ReactNode } from 'react';
import { Box, Card, CardContent, Skeleton, Typography } from '@mui/material';

export function KpiCard({
  label,
  value,
  icon,
  color,
  testId,
  footer,
  loading,
}: {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  color: string;
  testId: string;
  footer?: ReactNode;
  loading?: boolean;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, '&:last-child': { pb: 2 } }}>
        {icon && (
          <Box
            sx={{ width: 52, height: 52, borderRadius: 2, bgcolor: `${color}1a`, color, display: 'grid', placeItems: 'center', flexShrink: 0 }}
            data-testid={`${testId}-icon`}
          >
            {icon}
          </Box>
        )}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {label}
          </Typography>
          {loading ? (
            <Skeleton width={60} height={36} />
          ) : (
            <Typography sx={{ fontSize: 28, fontWeight: 700, lineHeight: 1.25 }} data-testid={testId}>
              {value}
            </Typography>
          )}
          {footer}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * "12 ▲ vs last month 8" style comparison line: the arrow compares `current` with `previous`;
 * `shown` is the previous value as the card shows its own (same precision and unit; default the bare number).
 */
export function Trend({ current, previous, label, shown, testId }: { current: number; previous: number; label: string; shown?: ReactNode; testId?: string }) {
  const up = current > previous;
  const down = current < previous;
  const color = up ? 'success.main' : down ? 'error.main' : 'text.secondary';
  return (
    <Typography variant="caption" color="text.secondary" component="div" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <Box component="span" sx={{ color, fontWeight: 600 }} data-trend={up ? 'up' : down ? 'down' : 'flat'}>
        {up ? '▲' : down ? '▼' : '–'}
      </Box>
      {label} <span data-testid={testId}>{shown ?? previous}</span>
    </Typography>
  );
}
