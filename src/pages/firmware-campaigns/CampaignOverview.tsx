/**
 * Firmware campaigns overview (`#/System/DeviceVersion/Campaigns`, optional `?stationId=`; issue #26
 * item 3, requirements R15.6–R15.9): every campaign of the caller's scope, newest first, with its
 * firmware, state or outcome, progress (updated and failed of all its chargers), where it was
 * started and who started it. Reached from Device Version and from a station's page; a station's
 * view lists every campaign that touched one of its chargers (`GET /sp/firmware-campaign?stationId=`).
 * A hand-built page (not a resource list) mounted beside Device Version, whose permission it needs.
 */
import { UrlPagination } from '../../components/UrlPagination';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Box, Card, Chip, LinearProgress, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { CampaignRecord } from '../../../domain/entities/firmware-campaign';
import { QueryStates } from '../../components/common';
import { useApi } from '../../hooks/useApi';
import { formatDateTime } from '../../utils/date';
import { campaignLabel } from '../../components/firmware/CampaignPanel';
import { campaignOverviewPath } from '../../components/crossLinks';
import { STATION_PROFILE_TABS, gatewayUpgradePath } from '../../../domain/routes';

/** A page of `GET /sp/firmware-campaign`. */
interface Page<T> {
  records: T[];
  total: number;
}

const COLOR: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  RUNNING: 'info',
  PAUSED: 'warning',
  FINISHED: 'default',
  RESET: 'default',
  ALL_SUCCEEDED: 'success',
  PARTIAL: 'warning',
  ALL_FAILED: 'error',
};

/** Share (0–100) of a campaign's chargers that reached an end (updated or failed). */
export function campaignProgress(c: Pick<CampaignRecord, 'counts'>): number {
  return c.counts.total ? Math.round(((c.counts.updated + c.counts.failed) * 100) / c.counts.total) : 0;
}

export default function CampaignOverview() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const stationId = Number(params.get('stationId')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Math.min(100, Math.max(1, Number(params.get('size')) || 20));
  const { data, error, isPending, isFetching, refetch } = useApi<Page<CampaignRecord>>(
    'firmware-campaign',
    { page, size, ...(stationId ? { stationId } : {}) },
    { refetchInterval: 5000 },
  );
  const go = (patch: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...patch });
  const k = (key: string) => translate(`app.campaigns.${key}`);
  return (
    <Stack spacing={2} sx={{ mt: 1 }} data-testid="campaign-overview">
      <Title title={k('title')} />
      {stationId && (
        <Typography variant="body2" color="text.secondary" data-testid="campaign-overview-station">
          {k('of_station')} ·{' '}
          <Link component={RouterLink} to={`${STATION_PROFILE_TABS.stations}/${stationId}/show`}>
            #{stationId}
          </Link>{' '}
          ·{' '}
          <Link component={RouterLink} to={campaignOverviewPath()}>
            {k('all')}
          </Link>
        </Typography>
      )}
      <Card>
        <QueryStates
          data={data}
          error={error}
          isPending={isPending}
          isFetching={isFetching}
          empty={!data?.records.length}
          emptyMessage="resources.firmware.campaign.none"
          onRetry={() => void refetch()}
        >
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="campaign-overview-table">
              <TableHead>
                <TableRow>
                  {['firmware', 'state', 'progress', 'where', 'started_by', 'started_at'].map((c) => (
                    <TableCell key={c}>{k(`columns.${c}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data?.records.map((c) => {
                  const pct = campaignProgress(c);
                  return (
                    <TableRow key={c.id} data-testid="campaign-overview-row" data-id={c.id}>
                      <TableCell>
                        {`${c.firmwareName} · ${c.version}`}
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {c.deviceModel}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          color={COLOR[c.outcome ?? c.status] ?? 'default'}
                          label={translate(`resources.firmware.campaign.${campaignLabel(c)}`)}
                        />
                      </TableCell>
                      <TableCell sx={{ minWidth: 160 }}>
                        <LinearProgress variant="determinate" value={pct} color={c.counts.failed ? 'warning' : 'primary'} />
                        <Typography variant="caption" data-testid="campaign-overview-progress">
                          {translate('app.campaigns.progress', { updated: c.counts.updated, failed: c.counts.failed, total: c.counts.total })}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        {c.gatewaySn ? (
                          <Link component={RouterLink} to={gatewayUpgradePath(c.gatewaySn)}>
                            {c.gatewaySn}
                          </Link>
                        ) : c.stationId ? (
                          <Link component={RouterLink} to={`${STATION_PROFILE_TABS.stations}/${c.stationId}/show`}>
                            {k('station')} #{c.stationId}
                          </Link>
                        ) : (
                          k('chosen_chargers')
                        )}
                      </TableCell>
                      <TableCell>{c.createdBy ?? '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.createdAt)}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            {data && data.total > 0 && <UrlPagination count={data.total} page={page} size={size} go={go} />}
          </Box>
        </QueryStates>
      </Card>
    </Stack>
  );
}
