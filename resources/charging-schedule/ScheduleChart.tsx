/**
 * The step chart of a smart-charging schedule (requirements §16 R16.4): over the station's local
 * day, the planned limit (the form as it is typed) and, once asked, what the charger will do
 * (GetCompositeSchedule) as a second line; the most allowed there (station total or home charger
 * maximum) as a dashed line. Amperes per phase.
 */
import { useTranslate } from 'react-admin';
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState } from '../../src/components/common';
import { DAY_MINUTES, timeOfMinute, type StepPoint } from './chartData';

const TICKS = [0, 180, 360, 540, 720, 900, 1080, 1260, 1440];
/** Every 6 h on a phone, where 3-hour labels would touch. */
const PHONE_TICKS = [0, 360, 720, 1080, 1440];

export function ScheduleChart({ points, capA, timeZone }: { points: StepPoint[]; capA: number | null; timeZone: string | null }) {
  const translate = useTranslate();
  const hasComposite = points.some((p) => p.composite !== undefined);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box data-testid="schedule-chart">
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {translate('resources.charging-schedule.chart.title')}
      </Typography>
      {points.length === 0 ? (
        <EmptyState message="resources.charging-schedule.chart.empty" />
      ) : (
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={points} margin={{ top: 8, right: 12, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#ebeef5" />
            <XAxis
              dataKey="m"
              type="number"
              domain={[0, DAY_MINUTES]}
              ticks={phone ? PHONE_TICKS : TICKS}
              tickFormatter={timeOfMinute}
              tick={{ fontSize: 12 }}
            />
            <YAxis tick={{ fontSize: 12 }} unit=" A" allowDecimals={false} domain={[0, (max: number) => Math.max(max, capA ?? 0) + 2]} />
            <Tooltip labelFormatter={(m) => timeOfMinute(Number(m))} formatter={(v) => `${String(v)} A`} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {capA !== null && (
              <ReferenceLine
                y={capA}
                stroke="#f56c6c"
                strokeDasharray="6 4"
                label={{ value: translate('resources.charging-schedule.chart.cap', { max: capA }), position: 'insideTopRight', fontSize: 11, fill: '#f56c6c' }}
              />
            )}
            <Line
              type="stepAfter"
              dataKey="planned"
              name={translate('resources.charging-schedule.chart.planned')}
              stroke="#409eff"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
            {hasComposite && (
              <Line
                type="stepAfter"
                dataKey="composite"
                name={translate('resources.charging-schedule.chart.composite')}
                stroke="#1ebb77"
                strokeWidth={2}
                strokeDasharray="5 3"
                dot={false}
                isAnimationActive={false}
                connectNulls
              />
            )}
          </LineChart>
        </ResponsiveContainer>
      )}
      <Typography variant="caption" color="text.secondary" data-testid="schedule-chart-zone">
        {translate('resources.charging-schedule.chart.axis', { zone: timeZone ?? translate('resources.charging-schedule.chart.zone_unknown') })}
      </Typography>
    </Box>
  );
}
