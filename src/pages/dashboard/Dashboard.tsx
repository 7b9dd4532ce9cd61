/**
 * The dashboard (requirements §2): charger KPIs, order totals, the status split donut, energy and orders
 * by day, card/app users and orders compared with last month, and the latest orders. Live.
 */
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { Box, Card, CardContent, CardHeader, Chip, Divider, Skeleton, Stack, Typography } from '@mui/material';
import EvStationIcon from '@mui/icons-material/EvStation';
import ElectricalServicesIcon from '@mui/icons-material/ElectricalServices';
import BoltIcon from '@mui/icons-material/Bolt';
import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import { ErrorState } from '../../components/common';
import { abbreviateNumber, formatEnergy, formatMoney } from '../../utils/number';
import { EnergyChart } from './EnergyChart';
import { KpiCard, Trend } from './KpiCard';
import { RecentOrders } from './RecentOrders';
import { StatusDonut } from './StatusDonut';
import { useDashboard, type Amount } from './useDashboard';

function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={title} action={action} slotProps={{ title: { sx: { fontSize: 16, fontWeight: 600 } } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Amounts({ items, locale, testId }: { items: Amount[]; locale: string; testId: string }) {
  if (!items.length)
    return (
      <Typography sx={{ fontSize: 20, fontWeight: 700 }} data-testid={testId}>
        0
      </Typography>
    );
  return (
    <Box data-testid={testId}>
      {items.map((a) => (
        <Typography key={a.currency} sx={{ fontSize: 20, fontWeight: 700, lineHeight: 1.4 }}>
          {formatMoney(a.amount, a.currency, locale)}
        </Typography>
      ))}
    </Box>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 130, flex: 1, whiteSpace: 'nowrap' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

const grid = (min: number) => ({ display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fit, minmax(${min}px, 1fr))` });

export default function Dashboard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const lang = locale === 'zh' ? 'zh' : 'en';
  const { data, isPending, error, refetch, live } = useDashboard();
  const t = (k: string) => translate(`app.dashboard.${k}`);

  if (error && !data)
    return (
      <Card>
        <ErrorState error={error} onRetry={() => void refetch()} />
      </Card>
    );
  const loading = isPending && !data;
  const n = (v: number | undefined) => (v === undefined ? '' : abbreviateNumber(v, lang));

  return (
    <Stack spacing={2} data-testid="dashboard">
      <Box sx={grid(220)}>
        <KpiCard label={t('stations')} value={n(data?.stations)} icon={<EvStationIcon />} color="#1ebb77" testId="kpi-stations" loading={loading} />
        <KpiCard label={t('chargers')} value={n(data?.chargers)} icon={<ElectricalServicesIcon />} color="#409eff" testId="kpi-chargers" loading={loading} />
        <KpiCard label={t('in_use')} value={n(data?.chargersInUse)} icon={<BoltIcon />} color="#e6a23c" testId="kpi-in-use" loading={loading} />
        <KpiCard label={t('faulty')} value={n(data?.faultyChargers)} icon={<ReportProblemIcon />} color="#f56c6c" testId="kpi-faulty" loading={loading} />
      </Box>

      <Panel
        title={t('orders')}
        action={
          live ? (
            <Chip size="small" color="primary" variant="outlined" label={translate('app.live')} sx={{ mt: 1, mr: 1 }} data-testid="live-indicator" />
          ) : undefined
        }
      >
        {loading || !data ? (
          <Skeleton variant="rounded" height={64} />
        ) : (
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={3} divider={<Divider orientation="vertical" flexItem />}>
            <Stat label={t('revenue')}>
              <Amounts items={data.orders.revenue} locale={lang} testId="kpi-revenue" />
            </Stat>
            <Stat label={t('profit')}>
              <Amounts items={data.orders.profit} locale={lang} testId="kpi-profit" />
            </Stat>
            <Stat label={t('orders')}>
              <Typography sx={{ fontSize: 20, fontWeight: 700 }} data-testid="kpi-orders">
                {n(data.orders.count)}
              </Typography>
            </Stat>
            <Stat label={t('energy')}>
              <Typography sx={{ fontSize: 20, fontWeight: 700 }} data-testid="kpi-energy">
                {formatEnergy(data.orders.energyKwh, lang)}{' '}
                <Typography component="span" variant="body2">
                  kWh
                </Typography>
              </Typography>
            </Stat>
            <Stat label={t('paid')}>
              <Typography sx={{ fontSize: 20, fontWeight: 700, color: 'success.main' }} data-testid="kpi-paid">
                {n(data.orders.paid)}
              </Typography>
            </Stat>
            <Stat label={t('unpaid')}>
              <Typography sx={{ fontSize: 20, fontWeight: 700, color: 'warning.main' }} data-testid="kpi-unpaid">
                {n(data.orders.unpaid)}
              </Typography>
            </Stat>
          </Stack>
        )}
      </Panel>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(360px, 2fr) 3fr' } }}>
        <Panel title={t('status_split')}>{loading || !data ? <Skeleton variant="rounded" height={200} /> : <StatusDonut split={data.split} />}</Panel>
        <Panel title={t('energy_by_day')}>
          {loading || !data ? <Skeleton variant="rounded" height={260} /> : <EnergyChart days={data.energyByDay ?? []} />}
        </Panel>
      </Box>

      <Box sx={grid(260)}>
        <KpiCard
          label={t('card_users')}
          value={n(data?.cardUsers.total)}
          icon={<Typography sx={{ fontWeight: 700 }}>ID</Typography>}
          color="#8e6cef"
          testId="kpi-card-users"
          loading={loading}
          footer={
            data && (
              <Trend
                current={data.cardUsers.thisMonth}
                previous={data.cardUsers.lastMonth}
                label={`${t('this_month')} ${data.cardUsers.thisMonth} · ${t('last_month')}`}
              />
            )
          }
        />
        <KpiCard
          label={t('app_users')}
          value={n(data?.appUsers.total)}
          icon={<Typography sx={{ fontWeight: 700 }}>App</Typography>}
          color="#409eff"
          testId="kpi-app-users"
          loading={loading}
          footer={
            data && (
              <Trend
                current={data.appUsers.thisMonth}
                previous={data.appUsers.lastMonth}
                label={`${t('this_month')} ${data.appUsers.thisMonth} · ${t('last_month')}`}
              />
            )
          }
        />
        <KpiCard
          label={t('orders_month')}
          value={n(data?.ordersThisMonth)}
          icon={<BoltIcon />}
          color="#1ebb77"
          testId="kpi-orders-month"
          loading={loading}
          footer={data && <Trend current={data.ordersThisMonth} previous={data.ordersLastMonth} label={t('last_month')} />}
        />
      </Box>

      <Panel title={t('recent_orders')}>
        {loading || !data ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <RecentOrders orders={data.recentOrders ?? []} />
          </Box>
        )}
      </Panel>
    </Stack>
  );
}
