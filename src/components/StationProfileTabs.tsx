/**
 * The tab bar of the station profile page (stations, chargers, gateways, rate templates;
 * requirements §2); the active tab follows the path.
 */
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Box, Tab, Tabs } from '@mui/material';
import { STATION_PROFILE_TABS } from '../../domain/routes';

const TABS = [
  { path: STATION_PROFILE_TABS.stations, label: 'app.assets.tabs.stations', testId: 'tab-stations' },
  { path: STATION_PROFILE_TABS.chargers, label: 'app.assets.tabs.chargers', testId: 'tab-chargers' },
  { path: STATION_PROFILE_TABS.gateways, label: 'app.assets.tabs.gateways', testId: 'tab-gateways' },
  { path: STATION_PROFILE_TABS.rateTemplates, label: 'app.assets.tabs.rate_templates', testId: 'tab-rate-templates' },
];

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
