/**
 * The chargers of a station, a gateway or an upgrade view with their live state (OCPP): one
 * column per key of `columns`, labelled `resources.charger.fields.<key>` — online dot, SN linking
 * to the charger, station code, type, run-status chip (connector 0), state chip (what the charger
 * is doing, its connectors included, as on the monitoring page), life status, gateway SN linking
 * to its upgrade view, firmware, last seen — and an optional `extra` column after them.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { Link, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import type { GatewayCharger } from '../../domain/entities/gateway';
import type { StationCharger } from '../../domain/entities/station';
import { ColorChip, RelativeTime, stateColor } from './common';
import { OnlineDot, RunStatusChip } from './device';
import { STATION_PROFILE_TABS, gatewayUpgradePath } from '../../domain/routes';

export type ChargerColumn =
  | 'online'
  | 'serialNum'
  | 'chargerStationCode'
  | 'type'
  | 'runStatus'
  | 'dashboardState'
  | 'lifeStatus'
  | 'gatewaySn'
  | 'firmwareVersion'
  | 'lastSeenAt';

/** A charger as a station or gateway lists it (the station adds code, type, gateway and last seen). */
export type LiveCharger = GatewayCharger & Partial<Pick<StationCharger, 'chargerStationCode' | 'type' | 'gatewaySn'>>;

export interface ChargerTableProps<C extends LiveCharger> {
  chargers: C[];
  columns: readonly ChargerColumn[];
  testId: string;
  rowTestId: string;
  /** Highlight the row under the pointer (default true). */
  hover?: boolean;
  /** A last column: its label key, its cell, and attributes of the row it stands in. */
  extra?: { label: string; cell: (c: C) => ReactNode; rowProps?: (c: C) => Record<string, string> };
}

export function ChargerTable<C extends LiveCharger>({ chargers, columns, testId, rowTestId, hover = true, extra }: ChargerTableProps<C>) {
  const translate = useTranslate();
  const cell = (c: C, k: ChargerColumn): ReactNode => {
    switch (k) {
      case 'online':
        return <OnlineDot online={c.online} />;
      case 'serialNum':
        return (
          <Link component={RouterLink} to={`${STATION_PROFILE_TABS.chargers}/${c.id}/show`} sx={{ fontFamily: 'monospace' }}>
            {c.serialNum}
          </Link>
        );
      case 'chargerStationCode':
        return c.chargerStationCode ?? '—';
      case 'type':
        return c.type;
      case 'runStatus':
        return <RunStatusChip status={c.runStatus} online={c.online} state={c.dashboardState} lastSeenAt={c.lastSeenAt} />;
      case 'dashboardState':
        return c.dashboardState ? (
          <ColorChip testId="charger-state" label={translate(`app.dashboard.split.${c.dashboardState}`)} color={stateColor(c.dashboardState)} />
        ) : (
          <RunStatusChip status={c.runStatus} online={c.online} lastSeenAt={c.lastSeenAt} />
        );
      case 'lifeStatus':
        return translate(`resources.charger.values.lifeStatus.${c.lifeStatus}`, { _: c.lifeStatus });
      case 'gatewaySn':
        return c.gatewaySn ? (
          <Link component={RouterLink} to={gatewayUpgradePath(c.gatewaySn)}>
            {c.gatewaySn}
          </Link>
        ) : (
          '—'
        );
      case 'firmwareVersion':
        return c.firmwareVersion ?? '—';
      case 'lastSeenAt':
        return <RelativeTime value={c.lastSeenAt} />;
    }
  };
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          {columns.map((k) => (
            <TableCell key={k}>{translate(`resources.charger.fields.${k}`)}</TableCell>
          ))}
          {extra && <TableCell>{translate(extra.label)}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {chargers.map((c) => (
          <TableRow key={c.id} data-testid={rowTestId} hover={hover} {...extra?.rowProps?.(c)}>
            {columns.map((k) => (
              <TableCell key={k}>{cell(c, k)}</TableCell>
            ))}
            {extra && <TableCell>{extra.cell(c)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
