/** Energy (bars, kWh) and orders (line) per day of the last two weeks. */
import { useTranslate } from 'react-admin';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export function EnergyChart({ days }: { days: Array<{ day: string; energyKwh: string; orders: number }> }) {
  const translate = useTranslate();
  const data = days.map((d) => ({ day: d.day.slice(5), energy: Number(d.energyKwh), orders: d.orders }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#ebeef5" />
        <XAxis dataKey="day" tick={{ fontSize: 12 }} />
        <YAxis yAxisId="e" tick={{ fontSize: 12 }} />
        <YAxis yAxisId="o" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar yAxisId="e" dataKey="energy" name={translate('app.dashboard.energy_kwh')} fill="#1ebb77" radius={[3, 3, 0, 0]} isAnimationActive={false} />
        <Line
          yAxisId="o"
          dataKey="orders"
          name={translate('app.dashboard.order_count')}
          stroke="#409eff"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
