/**
 * One order (`#/Operations/Orders/:id/show`, `GET /sp/order/:id`): every field, the charger's
 * and the server's times side by side, amounts with currency, and the energy/power chart.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ShowBase, useLocaleState, useShowContext, useTranslate } from 'react-admin';
import { Alert, AlertTitle, Box, Button, Card, CardContent, CardHeader, Skeleton, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { ErrorState } from '../../src/components/common';
import { formatDateTime, formatDuration } from '../../src/utils/date';
import { fixed, formatMoney } from '../../src/utils/number';
import { CloseOrderButton, InvoiceButton } from './InvoiceActions';
import { hasBreakdown, OrderBreakdown } from './OrderBreakdown';
import { MeterChart } from './MeterChart';
import { ORDERS_PATH } from './OrderList';
import { OrderStatusChip, PaidChip } from '../../src/components/OrderStatusField';
import type { OrderDetail } from '../../domain/entities/order';
import { errorCode } from '../../dataProvider/httpClient';
import { sessionOf } from '../../authProvider/session';
import { cardUserPath, chargerPath, CrossLink, stationMonitoringPath } from '../../src/components/crossLinks';

/**
 * The message of an order that could not be read: for a station manager, an order of another
 * station (709, outside the scope) says it is outside their stations (issue #26 item 5), not
 * "Element does not exist"; other errors keep their own message.
 */
export function orderErrorMessage(error: unknown, userType: string | null | undefined): string | null {
  return errorCode(error) === 709 && userType === 'STATION_MANAGER' ? 'app.order.outside_stations' : null;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { sx: { fontSize: 15, fontWeight: 600 } } }} sx={{ pb: 0 }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Rows({ rows }: { rows: Array<[string, ReactNode]> }) {
  const translate = useTranslate();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
      {rows.map(([k, v]) => (
        <Box key={k} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(`resources.order.fields.${k}`)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }} data-testid={`order-${k}`}>
            {v === null || v === undefined || v === '' ? '—' : v}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function OrderView() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { record, isPending, error, refetch } = useShowContext<OrderDetail>();
  const back = (
    <Button component={Link} to={ORDERS_PATH} startIcon={<ArrowBackIcon />} size="small">
      {translate('ra.action.back')}
    </Button>
  );
  if (error) {
    const scoped = orderErrorMessage(error, sessionOf(localStorage).profile()?.userType);
    return (
      <Stack spacing={2}>
        {back}
        <Card data-testid="order-error">
          {scoped ? (
            <Alert severity="warning" sx={{ m: 2 }} data-testid="order-outside-stations">
              {translate(scoped)}
            </Alert>
          ) : (
            <ErrorState error={error as Error} onRetry={() => void refetch()} />
          )}
        </Card>
      </Stack>
    );
  }
  if (isPending || !record)
    return (
      <Stack spacing={2}>
        {back}
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={300} />
      </Stack>
    );
  const money = (v?: string | null) => formatMoney(v, record.currency, locale);
  return (
    <Stack spacing={2} data-testid="order-show">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {back}
        <Box sx={{ flex: 1 }} />
        <CloseOrderButton record={record} />
        <InvoiceButton record={record} />
      </Box>
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.order.fields.orderNo')}
            </Typography>
            <Typography variant="h6" sx={{ fontFamily: 'monospace' }} data-testid="order-orderNo">
              {record.orderNo}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1}>
            <OrderStatusChip status={record.status} />
            <PaidChip paid={record.paid} />
          </Stack>
          <Box sx={{ textAlign: 'right', minWidth: 160 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('resources.order.fields.totalAmount')}
            </Typography>
            <Typography variant="h5" sx={{ fontWeight: 700 }} data-testid="order-total">
              {money(record.totalAmount)}
            </Typography>
          </Box>
        </CardContent>
      </Card>
      {record.flags?.length ? (
        <Alert severity="warning" data-testid="order-flags">
          <AlertTitle>{translate('resources.order.fields.flags')}</AlertTitle>
          {record.flags.map((f) => (
            <Typography key={f} variant="body2">
              {translate(`resources.order.values.flags.${f}`, { _: f })}
            </Typography>
          ))}
        </Alert>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', xl: 'repeat(3, 1fr)' } }}>
        <Section title={translate('app.order.session')}>
          <Rows
            rows={[
              ['companyName', record.companyName ?? record.companyCode],
              [
                'stationName',
                record.stationId && record.stationName ? (
                  <CrossLink key="station" to={stationMonitoringPath(record.stationId)} testId="order-station-link">
                    {record.stationName}
                  </CrossLink>
                ) : (
                  record.stationName
                ),
              ],
              [
                'chargerSn',
                <CrossLink key="charger" to={chargerPath(record.chargerId)} testId="order-charger-link">
                  {record.chargerSn}
                </CrossLink>,
              ],
              ['connectorId', record.connectorId],
              ['transactionId', record.transactionId],
              [
                'idTag',
                record.userType === 'CARD' && record.idTag ? (
                  <CrossLink key="card" to={cardUserPath(record.idTag)} testId="order-card-user-link">
                    {record.idTag}
                  </CrossLink>
                ) : (
                  record.idTag
                ),
              ],
              ['idTagStatus', record.idTagStatus ? translate(`resources.order.values.idTagStatus.${record.idTagStatus}`, { _: record.idTagStatus }) : null],
              ['userType', record.userType ? translate(`resources.order.values.userType.${record.userType}`) : null],
              ['userName', record.userName],
              ['stopReason', record.stopReason ? translate(`resources.order.values.stopReason.${record.stopReason}`, { _: record.stopReason }) : null],
            ]}
          />
        </Section>
        <Section title={translate('app.order.charger_times')}>
          <Rows
            rows={[
              ['chargerStartTime', formatDateTime(record.chargerStartTime)],
              ['chargerStopTime', formatDateTime(record.chargerStopTime)],
              ['serverStartTime', formatDateTime(record.serverStartTime)],
              ['serverStopTime', formatDateTime(record.serverStopTime)],
              ['durationSeconds', formatDuration(record.durationSeconds)],
              ['meterStart', record.meterStart],
              ['meterStop', record.meterStop],
              ['energyKwh', fixed(record.energyKwh, 3)],
            ]}
          />
        </Section>
        <Section title={translate('app.order.amounts')}>
          <Rows
            rows={[
              ['currency', record.currency],
              ['electricityFee', money(record.electricityFee)],
              ['serviceFee', money(record.serviceFee)],
              ['cost', money(record.cost)],
              ['taxAmount', money(record.taxAmount)],
              ['totalAmount', money(record.totalAmount)],
              ['paid', translate(`resources.order.values.paid.${record.paid}`)],
            ]}
          />
          {hasBreakdown(record.breakdown) && (
            <Box sx={{ mt: 2 }}>
              <Typography variant="body2" color="text.secondary" gutterBottom>
                {translate('resources.order.fields.breakdown')}
              </Typography>
              <OrderBreakdown value={record.breakdown} />
            </Box>
          )}
        </Section>
      </Box>
      <Section title={translate('app.order.meter_chart')}>
        <MeterChart values={record.meterValues ?? []} />
      </Section>
    </Stack>
  );
}

export function OrderShow() {
  return (
    // No redirect to the list with "Element does not exist": the page says why it cannot show the order.
    <ShowBase resource="order" queryOptions={{ onError: () => undefined }}>
      <OrderView />
    </ShowBase>
  );
}

export default OrderShow;
