/**
 * Pieces shared by the Stations-area screens (stations, groups, chargers, gateways, rate
 * templates): the company input, the form validator over a domain schema, the tab bar of the
 * station profile page, the online dot / chip, the last-seen time and the run-status chip of a device,
 * and the title and labelled fields of a device's show page.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SelectInput, useTranslate, type SelectInputProps } from 'react-admin';
import { Box, Grid, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { ColorChip, RelativeTime, UnknownSinceChip, stateColor } from '../../src/components/common';
import { useApi } from '../../src/hooks/useApi';
import type { CompanyOption } from '../../src/layout/CompanySelect';
import { STATE_COLORS } from '../../src/theme';
import { formatDateTime, type TimeInput } from '../../src/utils/date';
import { STATION_PROFILE_TABS } from '../../domain/routes';

/** The operator companies the user may write for (`GET /sp/company/select`). */
export function useCompanies(): CompanyOption[] {
  const { data } = useApi<CompanyOption[]>('company/select', undefined, { staleTime: 60_000 });
  return Array.isArray(data) ? data : [];
}

/**
 * The company of a new record: a select of the user's companies, preset when there is only one
 * (company users); read-only when editing (a record does not move between companies).
 */
export function CompanyInput(props: Omit<SelectInputProps, 'source'> & { source?: string }) {
  const companies = useCompanies();
  const choices = companies.map((c) => ({ id: c.companyCode, name: `${c.companyName} (${c.companyCode})` }));
  return (
    <SelectInput
      source="companyCode"
      label="app.assets.company"
      choices={choices}
      defaultValue={companies.length === 1 ? companies[0].companyCode : undefined}
      {...props}
    />
  );
}

const TABS = [
  { path: STATION_PROFILE_TABS.stations, label: 'app.assets.tabs.stations', testId: 'tab-stations' },
  { path: STATION_PROFILE_TABS.chargers, label: 'app.assets.tabs.chargers', testId: 'tab-chargers' },
  { path: STATION_PROFILE_TABS.gateways, label: 'app.assets.tabs.gateways', testId: 'tab-gateways' },
  { path: STATION_PROFILE_TABS.rateTemplates, label: 'app.assets.tabs.rate_templates', testId: 'tab-rate-templates' },
];

/** The tab bar of the station profile page; the active tab follows the path. */
export function StationProfileTabs({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const active = [...TABS].reverse().find((t) => pathname === t.path || pathname.startsWith(`${t.path}/`))?.path ?? STATION_PROFILE_TABS.stations;
  return (
    <Box>
      <Tabs value={active} sx={{ mb: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40, textTransform: 'none' } }}>
        {TABS.map((t) => (
          <Tab key={t.path} value={t.path} label={translate(t.label)} component={Link} to={t.path} data-testid={t.testId} />
        ))}
      </Tabs>
      {children}
    </Box>
  );
}

/** Green / grey dot of a device's OCPP connection. */
export function OnlineDot({ online }: { online: boolean }) {
  const translate = useTranslate();
  const label = translate(`resources.charger.values.online.${online}`);
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        data-testid="online-dot"
        data-online={online ? 'true' : 'false'}
        aria-label={label}
        sx={{ display: 'inline-block', width: 10, height: 10, borderRadius: '50%', bgcolor: online ? STATE_COLORS.available : STATE_COLORS.offline }}
      />
    </Tooltip>
  );
}

/** A device's OCPP connection as a coloured chip: "Online" (green) / "Offline" (grey). */
export function OnlineChip({ online }: { online: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="span" data-testid="online-chip" data-online={online ? 'true' : 'false'} sx={{ display: 'inline-flex' }}>
      <ColorChip label={translate(`resources.charger.values.online.${online}`)} color={online ? STATE_COLORS.available : STATE_COLORS.offline} />
    </Box>
  );
}

/**
 * When a device was last heard from: relative ("3 min ago", full time in its tooltip) with the
 * absolute `YYYY-MM-DD HH:mm:ss` beside it (`inline`) or under it; "never" when it has not been.
 */
export function LastSeen({ value, inline }: { value: TimeInput; inline?: boolean }) {
  const absolute = formatDateTime(value);
  return (
    <Box component="span" data-testid="last-seen" sx={{ display: 'inline-flex', flexDirection: inline ? 'row' : 'column', gap: inline ? 1 : 0, alignItems: inline ? 'baseline' : 'flex-start' }}>
      <RelativeTime value={value} />
      {absolute && <Box component="span" data-testid="last-seen-absolute" sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>{absolute}</Box>}
    </Box>
  );
}

/**
 * A charger's run status as a coloured chip: its one derived state (`dashboardState`: what it is
 * doing, its connectors included) when known, so it never contradicts the state shown beside it;
 * "unknown since <last seen>" while offline; "—" when nothing was reported.
 */
export function RunStatusChip({ status, online, state, lastSeenAt }: { status: string | null | undefined; online: boolean; state?: string | null; lastSeenAt?: string | null }) {
  const translate = useTranslate();
  if (!online) return <UnknownSinceChip lastSeenAt={lastSeenAt} />;
  if (state) return <ColorChip testId="run-status" label={translate(`app.dashboard.split.${state}`)} color={stateColor(state)} />;
  if (!status) return <span>—</span>;
  return <ColorChip testId="run-status" label={translate(`resources.charger.values.runStatus.${status}`, { _: status })} color={stateColor(status, online)} />;
}

/** The title of a device's show page: its online dot and its SN in monospace (`testId` on the SN). */
export function DeviceTitle({ online, serialNum, testId }: { online: boolean; serialNum: string; testId: string }) {
  return (
    <Box component="span" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <OnlineDot online={online} />
      <span style={{ fontFamily: 'monospace' }} data-testid={testId}>{serialNum}</span>
    </Box>
  );
}

/** One labelled value of a device's show page ("—" when the value is null or undefined). */
export function ShowField({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary">{translate(label)}</Typography>
      <Typography variant="body2" component="div" data-testid={testId}>{children ?? '—'}</Typography>
    </Grid>
  );
}
