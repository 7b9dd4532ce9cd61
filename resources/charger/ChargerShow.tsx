/**
 * One charger (`#/Stations/StationProfile/chargers/:id/show`): registration fields and the live
 * OCPP state (online, run status, connectors, firmware), with its actions: edit; activate or
 * deactivate behind a confirmation (a deactivated charger is refused at BootNotification and
 * disconnected); generate an OCPP password (security profile 1: user name = SN; the password
 * is shown once, with a copy button) or remove it (../shared/OcppPasswordCard.tsx).
 */
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import {
  Button, Confirm, EditButton, Loading, RecordContextProvider, useDataProvider, useGetOne, useNotify, useTranslate,
} from 'react-admin';
import { Box, Card, CardContent, CardHeader, Grid, Link, Typography } from '@mui/material';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import type { ChargeDeskDataProvider } from '../../dataProvider';
import { ErrorState, RelativeTime } from '../../src/components/common';
import { useLiveEvents } from '../../src/hooks/useLiveEvents';
import { formatDateTime } from '../../src/utils/date';
import { OcppPasswordCard } from '../shared/OcppPasswordCard';
import { OnlineDot, RunStatusChip } from '../station/common';
import { CHARGERS_PATH, STATION_PROFILE_PATH, upgradePath } from '../station/paths';
import { ConnectorsField } from './chargerFields';
import type { ChargerRecord } from './types';

/** The read record plus the fields of a registration. */
export interface ChargerDetail extends ChargerRecord {
  installationDate?: string | null;
  warrantyYears?: number | null;
  equipmentNumber?: string | null;
  installerName?: string | null;
  installerEmail?: string | null;
  installerCompany?: string | null;
  installerContact?: string | null;
  createTimeStamp?: string | null;
  hasOcppPassword?: boolean;
}

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">{translate(label)}</Typography>
      <Typography variant="body2" component="div" data-testid={testId}>{children ?? '—'}</Typography>
    </Grid>
  );
}

type Pending = 'activate' | 'deactivate' | null;

export function ChargerShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<ChargeDeskDataProvider>();
  const { data, isPending, error, refetch } = useGetOne<ChargerDetail>('charger', { id: Number(id) }, { enabled: Boolean(id) });
  useLiveEvents(() => { void refetch(); }, { events: ['charger'] });
  const [confirm, setConfirm] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);

  if (isPending) return <Loading />;
  if (error || !data) return <ErrorState error={error as Error} onRetry={() => refetch()} />;
  const active = data.lifeStatus === 'ACTIVE';

  const run = async () => {
    const action = confirm;
    setBusy(true);
    try {
      if (action) {
        await dataProvider.setStatus('charger', { id: data.id, active: action === 'activate' });
        notify(`resources.charger.notifications.${action}d`, { type: 'success' });
      }
      await refetch();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  const f = (k: string) => `resources.charger.fields.${k}`;
  return (
    <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 2 }} data-testid="charger-show">
      <Card>
        <CardHeader
          title={<Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}><OnlineDot online={data.online} /><span style={{ fontFamily: 'monospace' }} data-testid="charger-show-sn">{data.serialNum}</span></Box>}
          subheader={data.stationName ? <Link component={RouterLink} to={`${STATION_PROFILE_PATH}/${data.stationId}/show`}>{data.stationName}</Link> : data.companyName}
          action={<Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <EditButton resource="charger" record={data} to={`${CHARGERS_PATH}/${data.id}`} data-testid="charger-edit" />
            <Button
              label={active ? 'resources.charger.actions.deactivate' : 'resources.charger.actions.activate'}
              onClick={() => setConfirm(active ? 'deactivate' : 'activate')}
              color={active ? 'error' : 'primary'}
              data-testid="charger-toggle-active"
            ><PowerSettingsNewIcon /></Button>
          </Box>}
        />
        <CardContent>
          <Grid container spacing={2}>
            <Field label={f('lifeStatus')} testId="charger-life-status">{translate(`resources.charger.values.lifeStatus.${data.lifeStatus}`, { _: data.lifeStatus })}</Field>
            <Field label={f('online')}>{translate(`resources.charger.values.online.${data.online}`)} · <RelativeTime value={data.lastSeenAt} /></Field>
            <Field label={f('runStatus')}><RunStatusChip status={data.runStatus} online={data.online} /></Field>
            <Field label={f('connectors')}><RecordContextProvider value={data}><ConnectorsField /></RecordContextProvider></Field>
            <Field label={f('firmwareVersion')}>{data.firmwareVersion}</Field>
            <Field label={f('vendor')}>{[data.vendor, data.model].filter(Boolean).join(' · ') || null}</Field>
            <Field label={f('chargerStationCode')}>{data.chargerStationCode}</Field>
            <Field label={f('equipmentNumber')}>{data.equipmentNumber}</Field>
            <Field label={f('type')}>{data.type}</Field>
            <Field label={f('phase')}>{data.phase ? translate(`resources.charger.values.phase.${data.phase}`, { _: data.phase }) : null}</Field>
            <Field label={f('ratedPowerKw')}>{data.ratedPowerKw}</Field>
            <Field label={f('gatewaySn')}>{data.gatewaySn ? <Link component={RouterLink} to={upgradePath(data.gatewaySn)}>{data.gatewaySn}</Link> : null}</Field>
            <Field label={f('installationDate')}>{data.installationDate}</Field>
            <Field label={f('warrantyYears')}>{translate(`resources.charger.values.warrantyYears.${data.warrantyYears ?? 0}`)}</Field>
            <Field label={f('installerName')}>{data.installerName}</Field>
            <Field label={f('installerEmail')}>{data.installerEmail}</Field>
            <Field label={f('installerCompany')}>{data.installerCompany}</Field>
            <Field label={f('installerContact')}>{data.installerContact}</Field>
            <Field label={f('activeOrderNo')}>{data.activeOrderNo}</Field>
            <Field label={f('createTimeStamp')}>{data.createTimeStamp ? formatDateTime(data.createTimeStamp) : null}</Field>
          </Grid>
        </CardContent>
      </Card>
      <OcppPasswordCard resource="charger" id={data.id} serialNum={data.serialNum} hasOcppPassword={data.hasOcppPassword} onChanged={refetch} />
      <Confirm
        isOpen={confirm !== null}
        loading={busy}
        title={`resources.charger.confirm.${confirm ?? 'activate'}_title`}
        content={`resources.charger.confirm.${confirm ?? 'activate'}`}
        translateOptions={{ sn: data.serialNum }}
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
