/**
 * Operations → Statistics (`#/Operations/Statistics`, `GET /sp/statistics`, requirements §2): a range (presets
 * or custom, requirements §5), grouping by day, station or operator, an operator filter for users who see
 * several; energy (bars) and orders (line) per bucket, revenue per currency, totals, the table under
 * the charts and its Excel export. The range and choices live in the URL so a view can be shared.
 */
import { useMemo, type ReactNode } from 'react';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState, ErrorState } from '../../components/common';
import { useApi } from '../../hooks/useApi';
import { formatDateTime } from '../../utils/date';
import { formatEnergy, formatMoney } from '../../utils/number';
import { downloadXlsx } from '../../utils/spreadsheet';
import { CompanyChoice, useRangeParam } from './filters';
import { RangePicker } from './RangePicker';
import { rangeQuery } from './ranges';
import { currenciesOf, statisticsTable, type GroupBy, type StatisticsData } from './statisticsTable';

const GROUPS: GroupBy[] = ['day', 'station', 'company'];
const CURRENCY_COLORS = ['#1ebb77', '#409eff', '#e6a23c', '#9c27b0', '#f56c6c', '#909399'];

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card>
      <CardHeader title={title} action={action} slotProps={{ title: { sx: { fontSize: 16, fontWeight: 600 } } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export default function Statistics() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [range, setRange, params, setParams] = useRangeParam();
  const groupBy = (GROUPS as string[]).includes(params.get('groupBy') ?? '') ? (params.get('groupBy') as GroupBy) : 'day';
  const companyCode = params.get('companyCode') ?? '';
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  // The query's end is "now" for today; round it to the minute so the cache key is stable.
  const query = useMemo(
    () => ({ ...rangeQuery(range, new Date(Math.floor(Date.now() / 60_000) * 60_000)), groupBy, companyCode: companyCode || undefined }),
    [range, groupBy, companyCode],
  );
  const { data, isPending, error, refetch, isFetching } = useApi<StatisticsData>('statistics', query, { placeholderData: (prev) => prev });

  const currencies = data ? currenciesOf(data) : [];
  const table = data ? statisticsTable(data, translate) : null;
  const chartData = (data?.series ?? []).map((b) => ({
    name: groupBy === 'day' ? b.key.slice(5) : b.label || b.key || '—',
    energy: Number(b.energyKwh),
    orders: b.orders,
    ...Object.fromEntries(b.revenue.map((r) => [r.currency, Number(r.amount)])),
  }));
  const exportExcel = () => {
    if (!table) return;
    void downloadXlsx(`statistics-${groupBy}-${range.from}-${range.to}`, translate('menu.statistics'), table.header, [...table.rows, table.totals]);
  };

  return (
    <Stack spacing={2} data-testid="statistics-page">
      <Title title={translate('menu.statistics')} />
      <Card>
        <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', pb: '16px !important' }}>
          <RangePicker value={range} onChange={setRange} />
          <ToggleButtonGroup
            size="small"
            exclusive
            color="primary"
            value={groupBy}
            onChange={(_e, v: GroupBy | null) => {
              if (v) setParam('groupBy', v === 'day' ? '' : v);
            }}
            sx={{ height: 40 }}
          >
            {GROUPS.map((g) => (
              <ToggleButton key={g} value={g} data-testid={`statistics-group-${g}`} sx={{ px: 1.5, textTransform: 'none' }}>
                {translate(`app.statistics.by.${g}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <CompanyChoice value={companyCode} onChange={(v) => setParam('companyCode', v)} />
        </CardContent>
      </Card>

      {error && !data ? (
        <Card>
          <ErrorState error={error} onRetry={() => void refetch()} />
        </Card>
      ) : isPending && !data ? (
        <>
          <Skeleton variant="rounded" height={90} />
          <Skeleton variant="rounded" height={320} />
        </>
      ) : data && table ? (
        <>
          <Box
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', opacity: isFetching ? 0.6 : 1 }}
            data-testid="statistics-totals"
          >
            <Card>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {translate('app.statistics.orders')}
                </Typography>
                <Typography sx={{ fontSize: 22, fontWeight: 700 }} data-testid="statistics-total-orders">
                  {data.totals.orders}
                </Typography>
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {translate('app.statistics.energy_kwh')}
                </Typography>
                <Typography sx={{ fontSize: 22, fontWeight: 700 }} data-testid="statistics-total-energy">
                  {formatEnergy(data.totals.energyKwh, locale)}
                </Typography>
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="body2" color="text.secondary">
                  {translate('app.statistics.revenue')}
                </Typography>
                <Box data-testid="statistics-total-revenue">
                  {data.totals.revenue.length ? (
                    data.totals.revenue.map((r) => (
                      <Typography key={r.currency} sx={{ fontSize: 22, fontWeight: 700, lineHeight: 1.3 }}>
                        {formatMoney(r.amount, r.currency, locale)}
                      </Typography>
                    ))
                  ) : (
                    <Typography sx={{ fontSize: 22, fontWeight: 700 }}>0</Typography>
                  )}
                </Box>
              </CardContent>
            </Card>
          </Box>

          {!data.series.length ? (
            <Card>
              <EmptyState message="app.statistics.empty" />
            </Card>
          ) : (
            <>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
                <Panel title={translate('app.statistics.energy_orders')}>
                  <Box data-testid="statistics-chart-energy">
                    <ResponsiveContainer width="100%" height={300}>
                      <ComposedChart data={chartData} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
                        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#ebeef5" />
                        <XAxis dataKey="name" tick={{ fontSize: 12 }} />
                        <YAxis yAxisId="e" tick={{ fontSize: 12 }} />
                        <YAxis yAxisId="o" orientation="right" allowDecimals={false} tick={{ fontSize: 12 }} />
                        <Tooltip />
                        <Legend wrapperStyle={{ fontSize: 12 }} />
                        <Bar
                          yAxisId="e"
                          dataKey="energy"
                          name={translate('app.statistics.energy_kwh')}
                          fill="#1ebb77"
                          radius={[3, 3, 0, 0]}
                          isAnimationActive={false}
                        />
                        <Line
                          yAxisId="o"
                          dataKey="orders"
                          name={translate('app.statistics.orders')}
                          stroke="#409eff"
                          strokeWidth={2}
                          dot={chartData.length < 40}
                          isAnimationActive={false}
                        />
                      </ComposedChart>
                    </ResponsiveContainer>
                  </Box>
                </Panel>
                <Panel title={translate('app.statistics.revenue_by_currency')}>
                  <Box data-testid="statistics-chart-revenue">
                    {currencies.length ? (
                      <ResponsiveContainer width="100%" height={300}>
                        <BarChart data={chartData} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
                          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#ebeef5" />
                          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
                          <YAxis tick={{ fontSize: 12 }} />
                          <Tooltip />
                          <Legend wrapperStyle={{ fontSize: 12 }} />
                          {currencies.map((c, i) => (
                            <Bar
                              key={c}
                              dataKey={c}
                              name={c === 'NO_CURRENCY' ? translate('app.statistics.no_currency') : c}
                              fill={CURRENCY_COLORS[i % CURRENCY_COLORS.length]}
                              radius={[3, 3, 0, 0]}
                              isAnimationActive={false}
                            />
                          ))}
                        </BarChart>
                      </ResponsiveContainer>
                    ) : (
                      <EmptyState message="app.statistics.no_revenue" />
                    )}
                  </Box>
                </Panel>
              </Box>
              <Panel
                title={translate('app.statistics.table')}
                action={
                  <Button size="small" startIcon={<DownloadIcon />} onClick={exportExcel} data-testid="statistics-export" sx={{ mt: 0.5, mr: 1 }}>
                    {translate('app.statistics.export')}
                  </Button>
                }
              >
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(data.startTime)} — {formatDateTime(data.endTime)} · {data.timeZone}
                </Typography>
                <TableContainer sx={{ overflowX: 'auto' }}>
                  <Table size="small" data-testid="statistics-table">
                    <TableHead>
                      <TableRow>
                        {table.header.map((h, i) => (
                          <TableCell key={h} align={i ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                            {h}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.series.map((b) => (
                        <TableRow key={b.key} hover data-testid="statistics-row">
                          <TableCell>{b.label || b.key || '—'}</TableCell>
                          <TableCell align="right">{b.orders}</TableCell>
                          <TableCell align="right">{formatEnergy(b.energyKwh, locale)}</TableCell>
                          {currencies.map((c) => (
                            <TableCell key={c} align="right" sx={{ whiteSpace: 'nowrap' }}>
                              {formatMoney(b.revenue.find((r) => r.currency === c)?.amount ?? 0, c, locale)}
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                    <TableFooter>
                      <TableRow data-testid="statistics-totals-row" sx={{ '& td': { fontWeight: 700, color: 'text.primary', fontSize: 14 } }}>
                        <TableCell>{translate('app.statistics.total')}</TableCell>
                        <TableCell align="right">{data.totals.orders}</TableCell>
                        <TableCell align="right">{formatEnergy(data.totals.energyKwh, locale)}</TableCell>
                        {currencies.map((c) => (
                          <TableCell key={c} align="right" sx={{ whiteSpace: 'nowrap' }}>
                            {formatMoney(data.totals.revenue.find((r) => r.currency === c)?.amount ?? 0, c, locale)}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableFooter>
                  </Table>
                </TableContainer>
              </Panel>
            </>
          )}
        </>
      ) : null}
    </Stack>
  );
}
