/**
 * Energy (kWh, from Energy.Active.Import.Register, shown as energy delivered since the first
 * reading) and power (kW, Power.Active.Import) over the session.
 */
import { useTranslate } from 'react-admin';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import dayjs from 'dayjs';
import { EmptyState } from '../../src/components/common';
import type { MeterValueRecord as MeterValue } from '../../domain/entities/order';
import { displayReading } from '../../domain/meter';

/** A reading in kWh or kW (domain/meter.ts `displayReading`: no unit is OCPP's Wh / W); NaN when not a number. */
function scaled(v: MeterValue): number {
  const r = displayReading(v);
  return r ? r.value.toNumber() : Number.NaN;
}

export interface ChartPoint {
  t: number;
  energy?: number;
  power?: number;
}

/** Merges meter values into points by timestamp (energy relative to the first energy reading). */
export function chartPoints(values: MeterValue[]): ChartPoint[] {
  const byTime = new Map<number, ChartPoint>();
  let firstEnergy: number | undefined;
  for (const v of values) {
    const t = Date.parse(v.timestamp);
    if (Number.isNaN(t)) continue;
    const p = byTime.get(t) ?? { t };
    if (v.measurand === 'Energy.Active.Import.Register') {
      const e = scaled(v);
      if (firstEnergy === undefined) firstEnergy = e;
      p.energy = Number((e - firstEnergy).toFixed(3));
    } else if (v.measurand === 'Power.Active.Import') p.power = Number(scaled(v).toFixed(2));
    byTime.set(t, p);
  }
  return [...byTime.values()].sort((a, b) => a.t - b.t);
}

export function MeterChart({ values }: { values: MeterValue[] }) {
  const translate = useTranslate();
  const points = chartPoints(values);
  if (!points.length) return <EmptyState message="app.order.no_meter_values" />;
  // Short sessions need seconds on the time axis.
  const span = points[points.length - 1].t - points[0].t;
  const tickFormat = span < 10 * 60_000 ? 'HH:mm:ss' : 'HH:mm';
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={points} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#ebeef5" />
        <XAxis
          dataKey="t"
          type="number"
          domain={['dataMin', 'dataMax']}
          scale="time"
          tickFormatter={(t: number) => dayjs(t).format(tickFormat)}
          tick={{ fontSize: 12 }}
        />
        <YAxis yAxisId="e" tick={{ fontSize: 12 }} />
        <YAxis yAxisId="p" orientation="right" tick={{ fontSize: 12 }} />
        <Tooltip labelFormatter={(t) => dayjs(Number(t)).format('YYYY-MM-DD HH:mm:ss')} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          yAxisId="e"
          type="monotone"
          dataKey="energy"
          name={translate('app.order.energy_kwh')}
          stroke="#1ebb77"
          strokeWidth={2}
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          yAxisId="p"
          type="stepAfter"
          dataKey="power"
          name={translate('app.order.power_kw')}
          stroke="#409eff"
          strokeWidth={2}
          dot={false}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
