/**
 * Analytics (`#/AnalyTics/AnalyTics?searchType=&search=&period=`, requirements §14, §2, §5, §9):
 * a required search (station, charger SN or operator; empty → the catalogue's 621 message, the
 * same the server answers), the period (24 hours by hour, 30 days by day, 1 year by month), six
 * figures each against the previous period, charts (recharts) and an Excel export of the buckets.
 */
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Title, useLocaleState, useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import BoltIcon from '@mui/icons-material/Bolt';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SpeedIcon from '@mui/icons-material/Speed';
import PowerIcon from '@mui/icons-material/Power';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { catalogueMessage } from '../../../domain/errors';
import {
  ANALYTICS_PERIODS,
  ANALYTICS_SEARCH_TYPES,
  type AnalyticsAnswer,
  type AnalyticsFigures,
  type AnalyticsPeriod,
  type AnalyticsSearchType,
} from '../../../domain/entities/analytics';
import { EmptyState, ErrorState } from '../../components/common';
import { useApi } from '../../hooks/useApi';
import { formatDecimal, formatEnergy, formatMoney } from '../../utils/number';
import { downloadXlsx } from '../../utils/spreadsheet';
import { KpiCard, Trend } from '../dashboard/KpiCard';
import { AnalyticsChart, type ChartSeries } from './AnalyticsChart';

const METRICS = ['energyKwh', 'revenue', 'sessions', 'utilisation', 'peakPowerKw', 'faults'] as const;
export type Metric = (typeof METRICS)[number];
const COLORS: Record<Metric, string> = {
  energyKwh: '#1ebb77',
  revenue: '#409eff',
  sessions: '#e6a23c',
  utilisation: '#8e44ad',
  peakPowerKw: '#f56c6c',
  faults: '#909399',
};
const ICONS: Record<Metric, ReactNode> = {
  energyKwh: <BoltIcon />,
  revenue: <PaymentsIcon />,
  sessions: <ReceiptLongIcon />,
  utilisation: <SpeedIcon />,
  peakPowerKw: <PowerIcon />,
  faults: <ReportProblemIcon />,
};

/** A figure as a number (revenue: the first currency's amount; utilisation in %). */
export function metricValue(f: AnalyticsFigures, m: Metric): number {
  switch (m) {
    case 'revenue':
      return Number(f.revenue[0]?.amount ?? 0);
    case 'utilisation':
      return Math.round(f.utilisation * 1000) / 10;
    case 'energyKwh':
      return Number(f.energyKwh);
    case 'peakPowerKw':
      return Number(f.peakPowerKw);
    default:
      return f[m];
  }
}

/**
 * A figure as its card shows it, in `locale`: grouped thousands; money with its currency's minor
 * digits (one amount per currency), energy (kWh) and peak power (kW) with 3 decimals, utilisation in %.
 */
export function shown(f: AnalyticsFigures, m: Metric, locale: string): string {
  if (m === 'revenue') return f.revenue.length ? f.revenue.map((r) => formatMoney(r.amount, r.currency, locale)).join(' · ') : formatMoney(0, null, locale);
  if (m === 'utilisation') return `${metricValue(f, m)} %`;
  if (m === 'energyKwh') return formatEnergy(f.energyKwh, locale);
  if (m === 'peakPowerKw') return formatDecimal(f.peakPowerKw, 3, locale);
  return formatDecimal(f[m], 0, locale);
}

/**
 * The series of the revenue chart, one axis per unit: revenue (its currency), utilisation (%) and
 * peak power (kW).
 */
export function revenueSeries(t: (k: string) => string, currency: string | undefined): ChartSeries[] {
  return [
    { dataKey: 'revenue', name: `${t('metrics.revenue')}${currency ? ` (${currency})` : ''}`, unit: 'money', color: COLORS.revenue, kind: 'bar' },
    { dataKey: 'utilisation', name: `${t('metrics.utilisation')} (%)`, unit: 'percent', color: COLORS.utilisation, kind: 'line' },
    { dataKey: 'peakPowerKw', name: t('metrics.peakPowerKw'), unit: 'kW', color: COLORS.peakPowerKw, kind: 'line' },
  ];
}

/**
 * The card of one figure: its value for the period and, below, the previous period's value in the
 * same form (same grouping, decimals and currency; requirements §14).
 */
export function FigureCard({
  answer,
  metric,
  locale,
  label,
  previousLabel,
}: {
  answer: Pick<AnalyticsAnswer, 'totals' | 'previous'>;
  metric: Metric;
  locale: string;
  label: string;
  previousLabel: string;
}) {
  return (
    <KpiCard
      label={label}
      value={shown(answer.totals, metric, locale)}
      icon={ICONS[metric]}
      color={COLORS[metric]}
      testId={`analytics-${metric}`}
      footer={
        <Trend
          current={metricValue(answer.totals, metric)}
          previous={metricValue(answer.previous, metric)}
          shown={shown(answer.previous, metric, locale)}
          label={previousLabel}
          testId={`analytics-${metric}-previous`}
        />
      }
    />
  );
}

export default function Analytics() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [params, setParams] = useSearchParams();
  const searchType = (ANALYTICS_SEARCH_TYPES as readonly string[]).includes(params.get('searchType') ?? '')
    ? (params.get('searchType') as AnalyticsSearchType)
    : 'station';
  const period = (ANALYTICS_PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as AnalyticsPeriod) : '24h';
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  const [draftType, setDraftType] = useState<AnalyticsSearchType>(searchType);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const t = (k: string, o?: Record<string, unknown>) => translate(`app.analytics.${k}`, o);
  const { data, error, isFetching, refetch } = useApi<AnalyticsAnswer>(
    'analytics',
    { searchType, search, period },
    { enabled: search.trim() !== '', placeholderData: (prev) => prev },
  );

  const set = (next: Record<string, string>) => setParams(new URLSearchParams({ searchType, period, search, ...next }));
  const submit = () => {
    if (!draft.trim()) {
      setFieldError(catalogueMessage(621, locale === 'zh' ? 'zh' : 'en'));
      return;
    }
    setFieldError(null);
    set({ search: draft.trim(), searchType: draftType });
  };
  const exportExcel = () =>
    data &&
    void downloadXlsx(
      `analytics-${data.search}-${data.period}`,
      translate('menu.analytics'),
      [t('bucket'), ...METRICS.map((m) => t(`metrics.${m}`)), t('currency')],
      data.series.map((b) => [b.label, ...METRICS.map((m) => metricValue(b, m)), b.revenue[0]?.currency ?? '']),
    );
  const chart =
    data?.series.map((b) => ({
      label: b.label,
      energyKwh: metricValue(b, 'energyKwh'),
      sessions: b.sessions,
      revenue: metricValue(b, 'revenue'),
      utilisation: metricValue(b, 'utilisation'),
      peakPowerKw: metricValue(b, 'peakPowerKw'),
      faults: b.faults,
    })) ?? [];

  return (
    <Stack spacing={2} data-testid="analytics-page">
      <Title title={translate('menu.analytics')} />
      <Card>
        <CardContent
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', pb: '16px !important' }}
        >
          <TextField
            select
            size="small"
            label={t('search_type')}
            value={draftType}
            onChange={(e) => setDraftType(e.target.value as AnalyticsSearchType)}
            sx={{ width: 150 }}
            slotProps={{ htmlInput: { 'data-testid': 'analytics-type' } }}
          >
            {ANALYTICS_SEARCH_TYPES.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`types.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('search')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            error={!!fieldError}
            helperText={fieldError ?? t(`hints.${draftType}`)}
            sx={{ width: { xs: '100%', sm: 280 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'analytics-search', maxLength: 64 },
              formHelperText: { 'data-testid': 'analytics-search-help' } as object,
            }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} data-testid="analytics-submit">
            {t('go')}
          </Button>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={period}
            onChange={(_, v: AnalyticsPeriod | null) => v && set({ period: v })}
            sx={{ ml: { md: 'auto' } }}
          >
            {ANALYTICS_PERIODS.map((p) => (
              <ToggleButton key={p} value={p} data-testid={`period-${p}`}>
                {t(`periods.${p}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportExcel} disabled={!data} data-testid="analytics-export">
            {t('export')}
          </Button>
        </CardContent>
      </Card>
      {!search ? (
        <Card>
          <EmptyState message="app.analytics.start" />
        </Card>
      ) : error && !data ? (
        <Card>
          <ErrorState error={error} onRetry={() => void refetch()} />
        </Card>
      ) : !data ? (
        <Skeleton variant="rounded" height={400} />
      ) : (
        <Box sx={{ opacity: isFetching ? 0.6 : 1, display: 'grid', gap: 2 }} data-testid="analytics-result" data-period={data.period}>
          <Typography variant="body2" color="text.secondary" data-testid="analytics-matched">
            {data.matched.count
              ? t('matched', { names: data.matched.names.join(', '), smart_count: data.matched.count, chargers: data.matched.chargers })
              : t('no_match')}
          </Typography>
          <Grid container spacing={2}>
            {METRICS.map((m) => (
              <Grid key={m} size={{ xs: 12, sm: 6, md: 4, xl: 2 }}>
                <FigureCard answer={data} metric={m} locale={locale} label={t(`metrics.${m}`)} previousLabel={t('previous')} />
              </Grid>
            ))}
          </Grid>
          <Card>
            <CardHeader title={t('chart_energy')} slotProps={{ title: { sx: { fontSize: 16, fontWeight: 600 } } }} sx={{ pb: 0 }} />
            <CardContent data-testid="analytics-chart">
              <AnalyticsChart
                data={chart}
                height={280}
                countLabel={t('metrics.sessions')}
                series={
                  [
                    { dataKey: 'energyKwh', name: t('metrics.energyKwh'), unit: 'kWh', color: COLORS.energyKwh, kind: 'bar' },
                    { dataKey: 'sessions', name: t('metrics.sessions'), unit: 'count', color: COLORS.sessions, kind: 'line' },
                  ] satisfies ChartSeries[]
                }
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title={t('chart_revenue')} slotProps={{ title: { sx: { fontSize: 16, fontWeight: 600 } } }} sx={{ pb: 0 }} />
            <CardContent>
              <AnalyticsChart
                data={chart}
                height={240}
                currency={data.totals.revenue[0]?.currency}
                countLabel={t('metrics.sessions')}
                series={revenueSeries(t, data.totals.revenue[0]?.currency)}
              />
            </CardContent>
          </Card>
        </Box>
      )}
    </Stack>
  );
}
