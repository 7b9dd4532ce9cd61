/**
 * One chart of Analytics (requirements §14): bars and lines over the period's buckets with one
 * y-axis per unit, labelled with that unit (currency code, kWh, kW, %, count), so that figures of
 * different units never share a scale (issue: peak power in kW vanished under revenue in the 1 y view).
 */
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The unit of a charted figure: a currency, kWh, kW, % or a count. */
export type ChartUnit = 'money' | 'kWh' | 'kW' | 'percent' | 'count';

/** A series of the chart: the bucket field it draws, its legend name, unit, colour and shape. */
export interface ChartSeries {
  dataKey: string;
  name: string;
  unit: ChartUnit;
  color: string;
  kind: 'bar' | 'line';
}

/** The label of a unit's axis: the currency code for money (blank when there is none), the count's own label, else the symbol. */
export function unitLabel(unit: ChartUnit, currency: string | undefined, countLabel: string): string {
  switch (unit) {
    case 'money':
      return currency ?? '';
    case 'percent':
      return '%';
    case 'count':
      return countLabel;
    default:
      return unit;
  }
}

/** The distinct units of `series`, in order of first use: one axis each (the first on the left, the others on the right). */
export function axesOf(series: readonly ChartSeries[]): ChartUnit[] {
  return [...new Set(series.map((s) => s.unit))];
}

/**
 * The chart. `width` is for tests (jsdom has no layout); the page lets it fill its card.
 * `countLabel` labels a count axis (e.g. "Sessions").
 */
export function AnalyticsChart({
  data,
  series,
  currency,
  countLabel,
  height,
  width,
}: {
  data: readonly Record<string, string | number>[];
  series: readonly ChartSeries[];
  currency?: string;
  countLabel: string;
  height: number;
  width?: number;
}) {
  const axes = axesOf(series);
  const chart = (
    <ComposedChart
      data={data as Record<string, string | number>[]}
      width={width}
      height={width ? height : undefined}
      margin={{ top: 8, right: 8, left: 8, bottom: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" stroke="#ebeef5" />
      <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
      {axes.map((unit, i) => (
        <YAxis
          key={unit}
          yAxisId={unit}
          orientation={i === 0 ? 'left' : 'right'}
          tick={{ fontSize: 11 }}
          allowDecimals={unit !== 'count'}
          domain={[0, 'auto']}
          label={{ value: unitLabel(unit, currency, countLabel), angle: -90, position: i === 0 ? 'insideLeft' : 'insideRight', fontSize: 11 }}
        />
      ))}
      <Tooltip />
      <Legend />
      {series.map((s) =>
        s.kind === 'bar' ? (
          <Bar key={s.dataKey} yAxisId={s.unit} dataKey={s.dataKey} name={s.name} fill={s.color} isAnimationActive={false} />
        ) : (
          <Line key={s.dataKey} yAxisId={s.unit} dataKey={s.dataKey} name={s.name} stroke={s.color} dot={false} isAnimationActive={false} />
        ),
      )}
    </ComposedChart>
  );
  return width ? (
    chart
  ) : (
    <ResponsiveContainer width="100%" height={height}>
      {chart}
    </ResponsiveContainer>
  );
}
