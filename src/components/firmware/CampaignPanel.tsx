/**
 * Upgrade campaigns of a gateway, station or charger (requirements R15.6–R15.9), live: re-read every
 * 3 s while one is running. Each shows the firmware, its status and outcome (all upgraded
 * successfully / partial upgrade succeeded / all upgrade failed / upgrade progress being reset /
 * paused and why), the counts with a progress bar and every charger's step (waiting, sent,
 * Downloading … Installed, update completed, update failed and why, versions before and after),
 * with "reset" (after a confirmation) and "send request" (after a reset or a pause).
 */
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { CampaignCharger, CampaignDetail, CampaignRecord, CampaignStarted } from '../../../domain/entities/firmware-campaign';
import { EmptyState, ErrorState } from '../../components/common';
import { useApi, useSpCall } from '../../hooks/useApi';
import { formatDateTime } from '../../utils/date';

type Filter = { gatewaySn?: string; stationId?: number; chargerId?: number };

const STATUS_COLOR: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  RUNNING: 'info',
  PAUSED: 'warning',
  FINISHED: 'default',
  RESET: 'default',
  ALL_SUCCEEDED: 'success',
  PARTIAL: 'warning',
  ALL_FAILED: 'error',
  UPDATED: 'success',
  FAILED: 'error',
};

/** The campaign's headline: its outcome when finished, else its status (with the pause reason). */
export function campaignLabel(c: Pick<CampaignRecord, 'status' | 'outcome' | 'pauseReason'>): string {
  if (c.status === 'FINISHED' && c.outcome) return `outcome.${c.outcome}`;
  if (c.status === 'PAUSED' && c.pauseReason) return `paused.${c.pauseReason}`;
  return `status.${c.status}`;
}

function ChargerRow({ c }: { c: CampaignCharger }) {
  const translate = useTranslate();
  const failure = c.failure
    ? translate(`resources.firmware.campaign.failure.${c.failure}`, { _: translate(`resources.firmware.campaign.codes.${c.failure}`, { _: c.failure }) })
    : null;
  return (
    <TableRow data-testid="campaign-charger" data-status={c.status}>
      <TableCell sx={{ fontFamily: 'monospace' }}>{c.serialNum}</TableCell>
      <TableCell>{c.wave}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLOR[c.status] ?? 'default'}
          label={translate(`resources.firmware.campaign.charger.${c.status}`, { _: c.status })}
        />
        {failure && (
          <Typography variant="caption" color="error" sx={{ display: 'block' }}>
            {failure}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>
        {c.previousVersion ?? '—'} → {c.reportedVersion ?? '…'}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.lastReportAt ?? c.updatedAt)}</TableCell>
    </TableRow>
  );
}

function CampaignCard({ id, onChanged }: { id: number; onChanged: () => void }) {
  const translate = useTranslate();
  const call = useSpCall();
  const { data, error, refetch } = useApi<CampaignDetail>(`firmware-campaign/${id}`, undefined, {
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' || q.state.data?.status === 'PAUSED' ? 3000 : false),
  });
  const [confirm, setConfirm] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  if (!data) return <LinearProgress />;
  const act = async (action: 'reset' | 'send') => {
    setFailure(null);
    try {
      await call('POST', `firmware-campaign/${id}/${action}`);
    } catch (e) {
      const m = (e as Error).message;
      setFailure(translate(m, { _: m }));
    }
    await refetch();
    onChanged();
  };
  const done = data.counts.updated + data.counts.failed;
  const label = campaignLabel(data);
  return (
    <Card variant="outlined" data-testid="campaign" data-status={data.status} data-outcome={data.outcome ?? ''}>
      <CardHeader
        title={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{`${data.firmwareName} · ${data.version}`}</span>
            <Chip
              size="small"
              color={STATUS_COLOR[data.outcome ?? data.status] ?? 'default'}
              label={translate(`resources.firmware.campaign.${label}`)}
              data-testid="campaign-outcome"
            />
          </Stack>
        }
        subheader={`${formatDateTime(data.createdAt)} · ${data.createdBy ?? ''}${data.waveSize ? ` · ${translate('resources.firmware.campaign.wave_info', { n: data.waveSize, pct: data.successThreshold })}` : ''}`}
        action={
          <Stack direction="row" spacing={1}>
            {(data.status === 'RESET' || data.status === 'PAUSED') && (
              <Button size="small" variant="contained" onClick={() => void act('send')} data-testid="campaign-send">
                {translate('resources.firmware.campaign.send_again')}
              </Button>
            )}
            <Button size="small" onClick={() => setConfirm(true)} data-testid="campaign-reset">
              {translate('resources.firmware.campaign.reset')}
            </Button>
          </Stack>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 1 }} data-testid="campaign-counts">
          {(['updated', 'failed', 'inProgress', 'pending'] as const).map((k) => (
            <Typography key={k} variant="body2">
              {translate(`resources.firmware.campaign.counts.${k}`)}: <strong>{data.counts[k]}</strong>
            </Typography>
          ))}
        </Box>
        <LinearProgress variant="determinate" value={data.counts.total ? (done * 100) / data.counts.total : 0} sx={{ mb: 1 }} />
        {failure && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {failure}
          </Alert>
        )}
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('resources.firmware.campaign.cols.serialNum')}</TableCell>
                <TableCell>{translate('resources.firmware.campaign.cols.wave')}</TableCell>
                <TableCell>{translate('resources.firmware.campaign.cols.status')}</TableCell>
                <TableCell>{translate('resources.firmware.campaign.cols.versions')}</TableCell>
                <TableCell>{translate('resources.firmware.campaign.cols.lastReport')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.chargers.map((c) => (
                <ChargerRow key={c.chargerId} c={c} />
              ))}
            </TableBody>
          </Table>
        </Box>
      </CardContent>
      <Confirm
        isOpen={confirm}
        title="resources.firmware.campaign.reset_title"
        content="resources.firmware.campaign.reset_confirm"
        onConfirm={() => {
          setConfirm(false);
          void act('reset');
        }}
        onClose={() => setConfirm(false)}
      />
    </Card>
  );
}

/** The campaigns of `filter`, newest first (five), with the refusals of the one just sent. */
export function CampaignPanel({ filter, started }: { filter: Filter; started?: CampaignStarted | null }) {
  const translate = useTranslate();
  const list = useApi<{ records: CampaignRecord[]; total: number }>(
    'firmware-campaign',
    { ...filter, perPage: 5 },
    {
      refetchInterval: (q) => (q.state.data?.records.some((r) => r.status === 'RUNNING') ? 5000 : false),
    },
  );
  if (list.error) return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  if (list.isPending) return <LinearProgress />;
  const records = list.data?.records ?? [];
  return (
    <Stack spacing={2} data-testid="campaigns">
      {started && started.refused.length > 0 && (
        <Alert severity="warning" data-testid="campaign-refused">
          {translate('resources.firmware.campaign.refused', { smart_count: started.refused.length })}{' '}
          {started.refused
            .map((r) => `${r.serialNum ?? r.chargerId} (${translate(`resources.firmware.campaign.codes.${r.code}`, { _: String(r.code) })})`)
            .join(', ')}
        </Alert>
      )}
      {records.length === 0 ? (
        <EmptyState message="resources.firmware.campaign.none" />
      ) : (
        records.map((r) => <CampaignCard key={r.id} id={r.id} onChanged={() => void list.refetch()} />)
      )}
    </Stack>
  );
}
