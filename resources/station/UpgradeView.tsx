/**
 * The station's remote-upgrade view for one gateway (`#/Stations/StationProfile?GatewaySN=<sn>`):
 * the gateway (online, firmware) and its chargers with firmware versions, online dot, state (its
 * connectors included) and upgrade eligibility (only idle = Available and online chargers with no
 * connector in use; the others say why).
 * Refreshed by the live stream. Below it, the gateway's firmware upgrades: send a request to its
 * chargers and follow each campaign live (resources/firmware/UpgradeSection.tsx).
 */
import { Link as RouterLink } from 'react-router-dom';
import { Loading, useGetList, useGetOne, useTranslate } from 'react-admin';
import { Alert, Box, Card, CardContent, CardHeader, Link, Typography } from '@mui/material';
import type { GatewayDetail } from '../../domain/entities/gateway';
import { ColorChip, EmptyState, ErrorState } from '../../src/components/common';
import { useLiveEvents } from '../../src/hooks/useLiveEvents';
import { STATE_COLORS } from '../../src/theme';
import { ChargerTable } from '../../src/components/ChargerTable';
import { OnlineDot } from '../../src/components/device';
import { upgradeEligibility } from './upgrade';
import { STATION_PROFILE_TABS } from '../../domain/routes';
import { UpgradeSection } from '../../src/components/firmware/UpgradeSection';

/** `value`: the gateway serial number of the query parameter `GatewaySN`. */
export function UpgradeView({ value: gatewaySn }: { value: string }) {
  const translate = useTranslate();
  const found = useGetList('gateway', { pagination: { page: 1, perPage: 20 }, sort: { field: 'serialNum', order: 'ASC' }, filter: { q: gatewaySn } });
  const match = (found.data ?? []).find((g) => String(g.serialNum).toLowerCase() === gatewaySn.toLowerCase());
  const detail = useGetOne<GatewayDetail>('gateway', { id: match?.id }, { enabled: Boolean(match) });
  useLiveEvents(
    () => {
      if (match) void detail.refetch();
    },
    { events: ['charger', 'gateway'] },
  );
  if (found.isPending || (match && detail.isPending)) return <Loading />;
  if (found.error) return <ErrorState error={found.error as Error} onRetry={() => found.refetch()} />;
  if (!match)
    return (
      <Alert severity="warning" data-testid="upgrade-not-found">
        {translate('resources.station.upgrade.not_found', { sn: gatewaySn })}
      </Alert>
    );
  if (detail.error || !detail.data) return <ErrorState error={detail.error as Error} onRetry={() => detail.refetch()} />;
  // A record from the list cache comes first, without its chargers.
  const g = { ...detail.data, chargers: detail.data.chargers ?? [] };
  const eligible = g.chargers.filter((c) => upgradeEligibility(c).eligible).length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Card data-testid="upgrade-view">
        <CardHeader
          title={translate('resources.station.upgrade.title', { sn: g.serialNum })}
          subheader={
            <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <OnlineDot online={g.online} />
              <span>
                {translate('resources.gateway.fields.firmwareVersion')}: {g.firmwareVersion ?? '—'}
              </span>
              {g.stationId && (
                <span>
                  · {translate('resources.gateway.fields.stationName')}:{' '}
                  <Link component={RouterLink} to={`${STATION_PROFILE_TABS.stations}/${g.stationId}/show`}>
                    {g.stationName}
                  </Link>
                </span>
              )}
              <span>
                ·{' '}
                <Link component={RouterLink} to={`${STATION_PROFILE_TABS.gateways}/${g.id}/show`}>
                  {translate('resources.station.upgrade.gateway_link')}
                </Link>
              </span>
            </Box>
          }
        />
        <CardContent sx={{ overflowX: 'auto' }}>
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('resources.station.upgrade.summary', { eligible, total: g.chargers.length })} {translate('resources.station.upgrade.future')}
          </Alert>
          {g.chargers.length === 0 ? (
            <EmptyState />
          ) : (
            <ChargerTable
              chargers={g.chargers}
              columns={['online', 'serialNum', 'firmwareVersion', 'dashboardState', 'lifeStatus']}
              testId="upgrade-chargers"
              rowTestId="upgrade-charger-row"
              hover={false}
              extra={{
                label: 'resources.station.upgrade.eligibility',
                rowProps: (c) => ({ 'data-eligible': upgradeEligibility(c).eligible ? 'true' : 'false' }),
                cell: (c) => {
                  const e = upgradeEligibility(c);
                  return e.eligible ? (
                    <ColorChip testId="upgrade-eligible" label={translate('resources.station.upgrade.eligible')} color={STATE_COLORS.available} />
                  ) : (
                    <Typography variant="body2" color="text.secondary" data-testid="upgrade-reason">
                      {translate(`resources.station.upgrade.reasons.${e.reason}`)}
                    </Typography>
                  );
                },
              }}
            />
          )}
        </CardContent>
      </Card>
      <UpgradeSection
        chargerIds={g.chargers.map((c) => c.id)}
        filter={{ gatewaySn: g.serialNum }}
        gatewaySn={g.serialNum}
        stationId={g.stationId ?? undefined}
      />
    </Box>
  );
}
