/**
 * One charger (`#/Stations/StationProfile/chargers/:id/show`): registration fields and the live
 * OCPP state (online, run status, connectors, firmware), with its actions: edit; activate or
 * deactivate behind a confirmation (a deactivated charger is refused at BootNotification and
 * disconnected); generate an OCPP password (security profile 1: user name = SN; a connected
 * charger is sent it over OCPP, an offline one gets it set by hand, shown once with a copy button)
 * or remove it (src/components/OcppPasswordCard.tsx).
 */
import { UpgradeSection } from '../../src/components/firmware/UpgradeSection';
import { DeviceCommandsPanel } from '../../src/components/device-commands/DeviceCommandsPanel';
import { DiagnosticsSection } from '../../src/components/diagnostics/DiagnosticsSection';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EditButton, Loading, RecordContextProvider, useGetOne, useTranslate } from 'react-admin';
import { Box, Card, CardContent, CardHeader, Grid, Link } from '@mui/material';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import { StatusSwitch, statusTexts } from '../../src/components/StatusToggle';
import { ErrorState, RelativeTime } from '../../src/components/common';
import { useLiveEvents } from '../../src/hooks/useLiveEvents';
import { formatDateTime } from '../../src/utils/date';
import { OcppPasswordCard } from '../../src/components/OcppPasswordCard';
import { DeviceTitle, ShowField } from '../../src/components/device';
import { ConnectorsField, StateField } from './chargerFields';
import type { ChargerRecord, ChargerWriteRecord } from '../../domain/entities/charger';
import { STATION_PROFILE_TABS, gatewayUpgradePath } from '../../domain/routes';
import { CrossLink, deviceEventsPath, stationMonitoringPath } from '../../src/components/crossLinks';

/** The charger as read, and whether an OCPP password is set when the answer says so (the writes answer it). */
export type ChargerDetail = ChargerRecord & Partial<Pick<ChargerWriteRecord, 'hasOcppPassword'>>;

/** Activating or deactivating a charger (`PUT /sp/charger/{id}/status` with `{ active }`). */
const lifeTexts = statusTexts('resources.charger', ['activate', 'deactivate'], { content: '', done: 'notifications' });

export function ChargerShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetOne<ChargerDetail>('charger', { id: Number(id) }, { enabled: Boolean(id) });
  useLiveEvents(
    () => {
      void refetch();
    },
    { events: ['charger'] },
  );

  if (isPending) return <Loading />;
  if (error || !data) return <ErrorState error={error as Error} onRetry={() => refetch()} />;
  const active = data.lifeStatus === 'ACTIVE';

  const f = (k: string) => `resources.charger.fields.${k}`;
  return (
    <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="charger-show">
      <Card>
        <CardHeader
          title={<DeviceTitle online={data.online} serialNum={data.serialNum} testId="charger-show-sn" />}
          subheader={
            data.stationName ? (
              <Link component={RouterLink} to={`${STATION_PROFILE_TABS.stations}/${data.stationId}/show`}>
                {data.stationName}
              </Link>
            ) : (
              data.companyName
            )
          }
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <EditButton resource="charger" record={data} to={`${STATION_PROFILE_TABS.chargers}/${data.id}`} data-testid="charger-edit" />
              <StatusSwitch
                resource="charger"
                field="active"
                record={{ id: data.id, active }}
                texts={lifeTexts}
                translateOptions={{ sn: data.serialNum }}
                icon={<PowerSettingsNewIcon />}
                testId="charger-toggle-active"
              />
            </Box>
          }
        />
        <CardContent>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }} data-testid="charger-links">
            {data.stationId ? (
              <CrossLink to={stationMonitoringPath(data.stationId)} testId="charger-station-monitoring-link" hideDenied>
                {translate('app.links.station_monitoring')}
              </CrossLink>
            ) : null}
            <CrossLink to={deviceEventsPath(data.serialNum)} testId="charger-events-link" hideDenied>
              {translate('app.links.charger_events')}
            </CrossLink>
          </Box>
          <Grid container spacing={2}>
            <ShowField label={f('lifeStatus')} testId="charger-life-status">
              {translate(`resources.charger.values.lifeStatus.${data.lifeStatus}`, { _: data.lifeStatus })}
            </ShowField>
            <ShowField label={f('online')}>
              {translate(`resources.charger.values.online.${data.online}`)} · <RelativeTime value={data.lastSeenAt} />
            </ShowField>
            <ShowField label={f('dashboardState')} testId="charger-state">
              <RecordContextProvider value={data}>
                <StateField />
              </RecordContextProvider>
            </ShowField>
            <ShowField label={f('connectors')}>
              <RecordContextProvider value={data}>
                <ConnectorsField />
              </RecordContextProvider>
            </ShowField>
            <ShowField label={f('firmwareVersion')}>{data.firmwareVersion}</ShowField>
            <ShowField label={f('vendor')}>{[data.vendor, data.model].filter(Boolean).join(' · ') || null}</ShowField>
            <ShowField label={f('chargerStationCode')}>{data.chargerStationCode}</ShowField>
            <ShowField label={f('equipmentNumber')}>{data.equipmentNumber}</ShowField>
            <ShowField label={f('type')}>{data.type}</ShowField>
            <ShowField label={f('phase')}>{data.phase ? translate(`resources.charger.values.phase.${data.phase}`, { _: data.phase }) : null}</ShowField>
            <ShowField label={f('ratedPowerKw')}>{data.ratedPowerKw}</ShowField>
            <ShowField label={f('gatewaySn')}>
              {data.gatewaySn ? (
                <Link component={RouterLink} to={gatewayUpgradePath(data.gatewaySn)}>
                  {data.gatewaySn}
                </Link>
              ) : null}
            </ShowField>
            <ShowField label={f('installationDate')}>{data.installationDate}</ShowField>
            <ShowField label={f('warrantyYears')}>{translate(`resources.charger.values.warrantyYears.${data.warrantyYears ?? 0}`)}</ShowField>
            <ShowField label={f('installerName')}>{data.installerName}</ShowField>
            <ShowField label={f('installerEmail')}>{data.installerEmail}</ShowField>
            <ShowField label={f('installerCompany')}>{data.installerCompany}</ShowField>
            <ShowField label={f('installerContact')}>{data.installerContact}</ShowField>
            <ShowField label={f('activeOrderNo')}>{data.activeOrderNo}</ShowField>
            <ShowField label={f('createTimeStamp')}>{data.createTimeStamp ? formatDateTime(data.createTimeStamp) : null}</ShowField>
          </Grid>
        </CardContent>
      </Card>
      <OcppPasswordCard
        resource="charger"
        id={data.id}
        serialNum={data.serialNum}
        hasOcppPassword={data.hasOcppPassword}
        rotate={data.online}
        onChanged={refetch}
      />
      <DeviceCommandsPanel chargerId={data.id} connectorCount={data.connectors.filter((c) => c.connectorId > 0).length} />
      <UpgradeSection chargerIds={[data.id]} filter={{ chargerId: data.id }} stationId={data.stationId ?? undefined} />
      <DiagnosticsSection chargerId={data.id} online={data.online} />
    </Box>
  );
}
