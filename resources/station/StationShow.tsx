/**
 * One station (`#/Stations/StationProfile/:id/show`): its fields, its place on the map, and its
 * chargers and gateways with live status (online dot, state with the connectors, firmware; refreshed by the
 * live stream), its load balancing (grid limit; each charging connector's allotted and measured
 * current, live). Links lead to each charger and gateway, and to a gateway's upgrade view.
 */
import { UpgradeSection } from '../../src/components/firmware/UpgradeSection';
import { StationLoadCard } from '../../src/components/load-balancing/StationLoadCard';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, EditButton, Loading, useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Box, Card, CardContent, CardHeader, Grid, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import { countryName } from '../../domain/countries';
import type { StationDetail } from '../../domain/entities/station';
import { EmptyState, ErrorState, RelativeTime } from '../../src/components/common';
import { useLiveEvents } from '../../src/hooks/useLiveEvents';
import { formatDateTime } from '../../src/utils/date';
import { ChargerTable } from '../../src/components/ChargerTable';
import { OnlineDot } from '../../src/components/device';
import { StationMapView } from '../../src/components/StationMap';
import { StationStatusChip } from './StationList';
import { STATION_PROFILE_TABS, gatewayUpgradePath } from '../../domain/routes';

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">
        {translate(label)}
      </Typography>
      <Typography variant="body2" data-testid={testId} sx={{ wordBreak: 'break-word' }}>
        {children || '—'}
      </Typography>
    </Grid>
  );
}

export function StationShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, error, refetch } = useGetOne<StationDetail>('station', { id: Number(id) }, { enabled: Boolean(id) });
  useLiveEvents(
    () => {
      void refetch();
    },
    { events: ['charger', 'gateway'] },
  );
  if (isPending) return <Loading />;
  if (error || !data) return <ErrorState error={error as Error} onRetry={() => refetch()} />;
  // A record from the list cache comes first, without its chargers and gateways.
  const chargers = data.chargers ?? [];
  const gateways = data.gateways ?? [];
  const f = (k: string) => `resources.station.fields.${k}`;
  const v = (k: string, val: string | null) => (val ? translate(`resources.station.values.${k}.${val}`, { _: val }) : '');
  return (
    <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="station-show">
      <Card>
        <CardHeader
          title={<span data-testid="station-show-name">{data.name}</span>}
          subheader={[data.companyName, data.groupName].filter(Boolean).join(' · ')}
          action={
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <StationStatusChip status={data.status} />
              <EditButton resource="station" record={data} to={`${STATION_PROFILE_TABS.stations}/${data.id}`} data-testid="station-edit" />
            </Box>
          }
        />
        <CardContent>
          <Grid container spacing={2}>
            <Field label={f('stationCode')}>{data.stationCode}</Field>
            <Field label={f('visibility')}>{v('visibility', data.visibility)}</Field>
            <Field label={f('locationType')}>{v('locationType', data.locationType)}</Field>
            <Field label={f('maintainer')}>{data.maintainer}</Field>
            <Field label={f('maintainerMobile')}>{data.maintainerMobile}</Field>
            <Field label={f('customerCompany')}>{data.customerCompany}</Field>
            <Field label={f('customerName')}>{data.customerName}</Field>
            <Field label={f('contactEmail')}>{data.contactEmail}</Field>
            <Field label={f('customerMobile')}>{data.customerMobile}</Field>
            <Field label={f('address')}>{[data.address, data.houseNumber].filter(Boolean).join(' ')}</Field>
            <Field label={f('city')}>{[data.zip, data.city].filter(Boolean).join(' ')}</Field>
            <Field label={f('country')}>{countryName(data.country, locale === 'zh' ? 'zh' : 'en')}</Field>
            <Field label="resources.station.helpers.coordinates" testId="station-show-coordinates">
              {data.latitude !== null ? `${data.latitude}, ${data.longitude}` : ''}
            </Field>
            <Field label={f('pricingModel')}>{data.pricingModel ? translate(`resources.rate-template.values.type.${data.pricingModel}`) : ''}</Field>
            <Field label={f('rateTemplateName')}>{data.rateTemplateName ? `${data.rateTemplateName}${data.currency ? ` (${data.currency})` : ''}` : ''}</Field>
            <Field label={f('timeZone')}>{data.timeZone}</Field>
            <Field label={f('notifyEnabled')}>
              {translate(`app.assets.yes_no.${data.notifyEnabled}`)}
              {data.notifyEnabled && data.notifyRecipients ? ` · ${data.notifyRecipients}` : ''}
            </Field>
            <Field label={f('createdAt')}>{formatDateTime(data.createdAt)}</Field>
          </Grid>
          <Box sx={{ mt: 2 }}>
            <StationMapView latitude={data.latitude} longitude={data.longitude} />
          </Box>
        </CardContent>
      </Card>

      <Card>
        <CardHeader
          title={translate('resources.station.chargers_title', { smart_count: chargers.length })}
          action={
            <Button
              component={RouterLink}
              to={`${STATION_PROFILE_TABS.chargers}/create?stationId=${data.id}`}
              label="resources.station.add_charger"
              data-testid="station-add-charger"
            >
              <AddIcon />
            </Button>
          }
        />
        <CardContent sx={{ overflowX: 'auto' }}>
          {chargers.length === 0 ? (
            <EmptyState />
          ) : (
            <ChargerTable
              chargers={chargers}
              columns={['online', 'serialNum', 'chargerStationCode', 'type', 'dashboardState', 'lifeStatus', 'gatewaySn', 'firmwareVersion', 'lastSeenAt']}
              testId="station-chargers"
              rowTestId="station-charger-row"
            />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader
          title={translate('resources.station.gateways_title', { smart_count: gateways.length })}
          action={
            <Button
              component={RouterLink}
              to={`${STATION_PROFILE_TABS.gateways}/create?stationId=${data.id}`}
              label="resources.station.add_gateway"
              data-testid="station-add-gateway"
            >
              <AddIcon />
            </Button>
          }
        />
        <CardContent sx={{ overflowX: 'auto' }}>
          {gateways.length === 0 ? (
            <EmptyState />
          ) : (
            <Table size="small" data-testid="station-gateways">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('resources.gateway.fields.online')}</TableCell>
                  <TableCell>{translate('resources.gateway.fields.serialNum')}</TableCell>
                  <TableCell>{translate('resources.gateway.fields.lifeStatus')}</TableCell>
                  <TableCell>{translate('resources.gateway.fields.firmwareVersion')}</TableCell>
                  <TableCell>{translate('resources.gateway.fields.lastSeenAt')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {gateways.map((g) => (
                  <TableRow key={g.id} data-testid="station-gateway-row" hover>
                    <TableCell>
                      <OnlineDot online={g.online} />
                    </TableCell>
                    <TableCell>
                      <Link component={RouterLink} to={`${STATION_PROFILE_TABS.gateways}/${g.id}/show`} sx={{ fontFamily: 'monospace' }}>
                        {g.serialNum}
                      </Link>
                    </TableCell>
                    <TableCell>{translate(`resources.charger.values.lifeStatus.${g.lifeStatus}`, { _: g.lifeStatus })}</TableCell>
                    <TableCell>{g.firmwareVersion ?? '—'}</TableCell>
                    <TableCell>
                      <RelativeTime value={g.lastSeenAt} />
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        component={RouterLink}
                        to={gatewayUpgradePath(g.serialNum)}
                        label="resources.station.upgrade.open"
                        data-testid="gateway-upgrade-link"
                      >
                        <SystemUpdateAltIcon />
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <StationLoadCard stationId={data.id} />
      <UpgradeSection chargerIds={chargers.map((c) => c.id)} filter={{ stationId: data.id }} stationId={data.id} />
    </Box>
  );
}
