/**
 * The charger status split (requirements §2, §4) as a donut with a legend: counts and percentage shares
 * that always total 100 (requirements §9 rounding rule, `percentShares`).
 */
import { useTranslate } from 'react-admin';
import { Box, Stack, Typography } from '@mui/material';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { DASHBOARD_SPLIT, type DashboardState } from '../../../domain/enums';
import { STATE_COLORS } from '../../theme';
import { percentShares } from '../../utils/number';

/** A donut slice: its state (or `none` for the empty ring), label and count. */
export interface DonutSlice {
  key: DashboardState | 'none';
  name: string;
  value: number;
}

/**
 * The slices the donut draws: the states with chargers only (a state with none would still take
 * its padding and leave a gap in a full ring), one grey ring when there is no charger, and the
 * padding between slices only when there are several.
 */
export function donutSlices(data: readonly DonutSlice[]): { slices: DonutSlice[]; paddingAngle: number } {
  const slices = data.filter((d) => d.value > 0);
  if (!slices.length) return { slices: [{ key: 'none', name: '', value: 1 }], paddingAngle: 0 };
  return { slices, paddingAngle: slices.length > 1 ? 2 : 0 };
}

export function StatusDonut({ split }: { split: Record<DashboardState, number> }) {
  const translate = useTranslate();
  const counts = DASHBOARD_SPLIT.map((s) => split?.[s] ?? 0);
  const shares = percentShares(counts, 1);
  const total = counts.reduce((a, b) => a + b, 0);
  const { slices, paddingAngle } = donutSlices(DASHBOARD_SPLIT.map((s, i) => ({ key: s, name: translate(`app.dashboard.split.${s}`), value: counts[i] })));
  return (
    <Stack direction="row" flexWrap="wrap" useFlexGap justifyContent="center" alignItems="center" spacing={2}>
      <Box sx={{ width: 200, height: 200, position: 'relative', flexShrink: 0 }}>
        <ResponsiveContainer>
          <PieChart>
            <Pie data={slices} dataKey="value" innerRadius={62} outerRadius={92} paddingAngle={paddingAngle} stroke="none" isAnimationActive={false}>
              {slices.map((d) => (
                <Cell key={d.key} fill={d.key === 'none' ? '#ebeef5' : STATE_COLORS[d.key]} />
              ))}
            </Pie>
            {total > 0 && <Tooltip />}
          </PieChart>
        </ResponsiveContainer>
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', pointerEvents: 'none' }}>
          <Box sx={{ textAlign: 'center' }}>
            <Typography sx={{ fontSize: 26, fontWeight: 700, lineHeight: 1 }}>{total}</Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('app.dashboard.chargers')}
            </Typography>
          </Box>
        </Box>
      </Box>
      <Stack spacing={1} sx={{ flex: 1, minWidth: 210 }}>
        {DASHBOARD_SPLIT.map((s, i) => (
          <Stack key={s} direction="row" alignItems="center" spacing={1}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATE_COLORS[s], flexShrink: 0 }} />
            <Typography variant="body2" sx={{ flex: 1 }}>
              {translate(`app.dashboard.split.${s}`)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 32, textAlign: 'right' }} data-testid={`split-${s}`}>
              {counts[i]}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ minWidth: 52, textAlign: 'right' }} data-testid={`split-${s}-pct`}>
              {shares[i].toFixed(1)}%
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
