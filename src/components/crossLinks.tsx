/**
 * Cross-links between the pages an operator moves along (issue #26 item 8): an order to its
 * charger, station and card user; a charger to its station's monitoring and its events; an event to
 * its charger's log around the time it occurred; a search hit to its station's monitoring.
 * The paths are pure (tested); {@link CrossLink} shows a link only when the account may open the
 * page (src/routes/access.ts), else the plain text.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import dayjs from 'dayjs';
import { canAccess } from '../../domain/access';
import { usePermissionList } from '../layout/notices';

/** A charger's page. */
export const chargerPath = (chargerId: number) => `/Stations/StationProfile/chargers/${chargerId}/show`;

/** A station's live monitoring (`#/Monitoring/StationMonitoring?stationId=`). */
export const stationMonitoringPath = (stationId: number) => `/Monitoring/StationMonitoring?stationId=${stationId}`;

/** Every event (any status) of the device `serialNum`. */
export const deviceEventsPath = (serialNum: string) => `/Events/Eventes?${new URLSearchParams({ eventStatus: 'ALL', serialNum })}`;

/** Minutes of charger log shown before and after an event. */
export const LOG_WINDOW_MIN = 10;

/**
 * The charger log of `serialNum` from {@link LOG_WINDOW_MIN} minutes before `at` to as many after,
 * as the log page's filter texts (`YYYY-MM-DD HH:mm`, local time; the end rounded up to the minute).
 */
export function chargerLogPath(serialNum: string, at: Date | string): string {
  const t = dayjs(at);
  const fmt = 'YYYY-MM-DD HH:mm';
  const start = t.subtract(LOG_WINDOW_MIN, 'minute').format(fmt);
  const end = t.add(LOG_WINDOW_MIN + 1, 'minute').format(fmt);
  return `/Events/ChargerLog?${new URLSearchParams({ serialNum, start, end })}`;
}

/** The firmware campaigns overview (src/pages/firmware-campaigns), for one station when `stationId` is given. */
export const campaignOverviewPath = (stationId?: number) => `/System/DeviceVersion/Campaigns${stationId ? `?stationId=${stationId}` : ''}`;

/** The card users list searched for card number `idTag`. */
export const cardUserPath = (idTag: string) => `/ChargerUsers/CardUsers?${new URLSearchParams({ filter: JSON.stringify({ q: idTag }) })}`;

/** True when an account holding `permissions` may open `path` (its query aside). */
export function mayOpen(path: string, permissions: readonly string[]): boolean {
  return canAccess(path.split('?')[0]!, permissions);
}

/** `children` as a link to `to` when the account may open it, else as plain text (or nothing, when `hideDenied`). */
export function CrossLink({ to, children, testId, hideDenied = false }: { to: string | null; children: ReactNode; testId?: string; hideDenied?: boolean }) {
  const permissions = usePermissionList();
  if (!to || !mayOpen(to, permissions)) return hideDenied ? null : children;
  return (
    <Link component={RouterLink} to={to} data-testid={testId} underline="hover">
      {children}
    </Link>
  );
}
