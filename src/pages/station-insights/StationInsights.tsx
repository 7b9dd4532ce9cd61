/**
 * Operations → Station Insights (`#/Operations/StationIndights`, the spec's spelling;
 * `GET /sp/station-insights`): per station utilisation (bar chart, highest first), sessions, energy,
 * revenue and the average session over a range (presets or custom, requirements §5), a sortable table and
 * its Excel export.
 */
import { useMemo, useState } from 'react';
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
  TableHead,
  TableRow,
  TableSortLabel,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { EmptyState, ErrorState } from '../../components/common';
import { useApi } from '../../hooks/useApi';
import { formatEnergy, formatMoney } from '../../utils/number';
import { downloadXlsx } from '../../utils/spreadsheet';
import { RangePicker } from '../statistics/RangePicker';
import { rangeQuery } from '../statistics/ranges';
import { CompanyChoice, useRangeParam } from '../statistics/filters';
import { sortInsights, utilisationPercent, type InsightKey, type StationInsightsData } from './insights';

const COLUMNS: InsightKey[] = ['stationName', 'chargers', 'sessions', 'energyKwh', 'revenue', 'avgSessionMinutes', 'avgEnergyKwh', 'utilisation'];
const CHART_MAX = 25;

export default function StationInsights() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [range, setRange, params, setParams] = useRangeParam();
  const companyCode = params.get('companyCode') ?? '';
  const [sort, setSort] = useState<{ key: InsightKey; order: 'asc' | 'desc' }>({ key: 'utilisation', order: 'desc' });
  const query = useMemo(
    () => ({ ...rangeQuery(range, new Date(Math.floor(Date.now() / 60_000) * 60_000)), companyCode: companyCode || undefined }),
    [range, companyCode],
  );
  const { data, isPending, error, refetch, isFetching } = useApi<StationInsightsData>('station-insights', query, { placeholderData: (prev) => prev });
  const rows = useMemo(() => sortInsights(data?.records ?? [], sort.key, sort.order), [data, sort]);
  const chart = useMemo(
    () =>
      sortInsights(data?.records ?? [], 'utilisation', 'desc')
        .slice(0, CHART_MAX)
        .map((r) => ({ name: r.stationName, utilisation: utilisationPercent(r.utilisation) })),
    [data],
  );
  const t = (k: string) => translate(`app.insights.fields.${k}`);
  const setCompany = (v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set('companyCode', v);
    else next.delete('companyCode');
    setParams(next);
  };
  const toggleSort = (key: InsightKey) =>
    setSort((s) => (s.key === key ? { key, order: s.order === 'asc' ? 'desc' : 'asc' } : { key, order: key === 'stationName' ? 'asc' : 'desc' }));
  const exportExcel = () =>
    void downloadXlsx(
      `station-insights-${range.from}-${range.to}`,
      translate('menu.stationInsights'),
      [...COLUMNS.map(t), t('currency')],
      rows.map((r) => [
        r.stationName,
        r.chargers,
        r.sessions,
        Number(r.energyKwh),
        Number(r.revenue),
        r.avgSessionMinutes,
        Number(r.avgEnergyKwh),
        utilisationPercent(r.utilisation),
        r.currency,
      ]),
    );

  return (
    <Stack spacing={2} data-testid="insights-page">
      <Title title={translate('menu.stationInsights')} />
      <Card>
        <CardContent sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', pb: '16px !important' }}>
          <RangePicker value={range} onChange={setRange} />
          <CompanyChoice value={companyCode} onChange={setCompany} />
        </CardContent>
      </Card>
      {error && !data ? (
        <Card>
          <ErrorState error={error} onRetry={() => void refetch()} />
        </Card>
      ) : isPending && !data ? (
        <>
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={240} />
        </>
      ) : !rows.length ? (
        <Card>
          <EmptyState message="app.insights.empty" />
        </Card>
      ) : (
        <Box sx={{ opacity: isFetching ? 0.6 : 1, display: 'grid', gap: 2 }}>
          <Card>
            <CardHeader title={translate('app.insights.utilisation_chart')} slotProps={{ title: { sx: { fontSize: 16, fontWeight: 600 } } }} sx={{ pb: 0 }} />
            <CardContent data-testid="insights-chart">
              <ResponsiveContainer width="100%" height={Math.max(160, chart.length * 28 + 40)}>
                <BarChart data={chart} layout="vertical" margin={{ top: 4, right: 24, left: 8, bottom: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} stroke="#ebeef5" />
                  <XAxis type="number" domain={[0, (max: number) => Math.max(5, Math.ceil(max))]} unit="%" tick={{ fontSize: 12 }} />
                  <YAxis type="category" dataKey="name" width={150} tick={{ fontSize: 12 }} />
                  <Tooltip formatter={(v) => [`${String(v)}%`, t('utilisation')]} />
                  <Bar dataKey="utilisation" name={t('utilisation')} fill="#1ebb77" radius={[0, 3, 3, 0]} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </CardContent>
          </Card>
          <Card>
            <CardHeader
              title={translate('app.insights.table')}
              action={
                <Button size="small" startIcon={<DownloadIcon />} onClick={exportExcel} data-testid="insights-export" sx={{ mt: 0.5, mr: 1 }}>
                  {translate('app.statistics.export')}
                </Button>
              }
              slotProps={{ title: { sx: { fontSize: 16, fontWeight: 600 } } }}
              sx={{ pb: 0 }}
            />
            <TableContainer sx={{ overflowX: 'auto' }}>
              <Table size="small" data-testid="insights-table">
                <TableHead>
                  <TableRow>
                    {COLUMNS.map((k) => (
                      <TableCell
                        key={k}
                        align={k === 'stationName' ? 'left' : 'right'}
                        sx={{ whiteSpace: 'nowrap' }}
                        sortDirection={sort.key === k ? sort.order : false}
                      >
                        <TableSortLabel
                          active={sort.key === k}
                          direction={sort.key === k ? sort.order : 'asc'}
                          onClick={() => toggleSort(k)}
                          data-testid={`insights-sort-${k}`}
                        >
                          {t(k)}
                        </TableSortLabel>
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.stationId} hover data-testid="insights-row">
                      <TableCell>{r.stationName}</TableCell>
                      <TableCell align="right">{r.chargers}</TableCell>
                      <TableCell align="right">{r.sessions}</TableCell>
                      <TableCell align="right">{formatEnergy(r.energyKwh, locale)}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {formatMoney(r.revenue, r.currency, locale)}
                      </TableCell>
                      <TableCell align="right">{r.avgSessionMinutes.toFixed(1)}</TableCell>
                      <TableCell align="right">{r.avgEnergyKwh}</TableCell>
                      <TableCell align="right">
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'flex-end' }}>
                          <Box sx={{ width: 60, height: 6, bgcolor: '#ebeef5', borderRadius: 3, overflow: 'hidden' }}>
                            <Box sx={{ width: `${Math.min(100, utilisationPercent(r.utilisation))}%`, height: '100%', bgcolor: '#1ebb77' }} />
                          </Box>
                          {utilisationPercent(r.utilisation).toFixed(1)}%
                        </Box>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
        </Box>
      )}
    </Stack>
  );
}
