// @vitest-environment jsdom
/**
 * The chargers tables of the Stations area (src/components/ChargerTable.tsx): the station
 * show page's columns (code, type, gateway link to its upgrade view, last seen) and the upgrade
 * view's eligibility column and row flag (requirements §2 `GatewaySN`, §4 only idle chargers upgrade).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, testDataProvider, type DataProvider } from 'react-admin';
import type { GatewayDetail } from '../../../domain/entities/gateway';
import type { StationCharger } from '../../../domain/entities/station';
import { createI18nProvider } from '../../../src/i18n';
import { ChargerTable } from '../../../src/components/ChargerTable';
import { UpgradeView } from '../../../resources/station/UpgradeView';
import { gatewayUpgradePath } from '../../../domain/routes';

function renderWith(ui: React.ReactNode, dataProvider: DataProvider = testDataProvider()) {
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

const charger = (over: Partial<StationCharger>): StationCharger => ({
  id: 3,
  serialNum: 'VOLTA00000000201',
  chargerStationCode: null,
  type: 'AC',
  phase: 'THREE',
  lifeStatus: 'ACTIVE',
  gatewaySn: null,
  online: true,
  runStatus: 'Available',
  dashboardState: 'available',
  firmwareVersion: '2.4.1',
  lastSeenAt: null,
  ...over,
});

describe("the station's chargers table", () => {
  it('shows one labelled column per key and links the SN and the gateway', () => {
    renderWith(
      <ChargerTable
        chargers={[
          charger({ chargerStationCode: 'P-01', gatewaySn: 'VOLTAGW000000001' }),
          charger({ id: 4, serialNum: 'VOLTA00000000202', firmwareVersion: null, online: false }),
        ]}
        columns={['online', 'serialNum', 'chargerStationCode', 'type', 'runStatus', 'lifeStatus', 'gatewaySn', 'firmwareVersion', 'lastSeenAt']}
        testId="station-chargers"
        rowTestId="station-charger-row"
      />,
    );
    const table = screen.getByTestId('station-chargers');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(9);
    const [first, second] = screen.getAllByTestId('station-charger-row');
    const cells = within(first).getAllByRole('cell');
    expect(within(cells[0]).getByTestId('online-dot').dataset.online).toBe('true');
    expect(within(cells[1]).getByRole('link').getAttribute('href')).toBe('/Stations/StationProfile/chargers/3/show');
    expect(cells[2].textContent).toBe('P-01');
    expect(cells[3].textContent).toBe('AC');
    expect(within(cells[6]).getByRole('link').getAttribute('href')).toBe(gatewayUpgradePath('VOLTAGW000000001'));
    expect(cells[7].textContent).toBe('2.4.1');
    const other = within(second).getAllByRole('cell');
    expect(other[2].textContent).toBe('—');
    expect(other[6].textContent).toBe('—');
    expect(other[7].textContent).toBe('—');
  });
});

describe('the upgrade view', () => {
  const gateway: GatewayDetail = {
    id: 7,
    serialNum: 'VOLTAGW000000001',
    companyCode: 'VOLTA',
    companyName: 'Volta',
    stationId: 2,
    stationName: 'Potsdamer Platz',
    lifeStatus: 'ACTIVE',
    firmwareVersion: '1.6.3',
    vendor: null,
    model: null,
    online: true,
    lastSeenAt: null,
    hasOcppPassword: false,
    chargerCount: 3,
    createdAt: null,
    chargers: [
      {
        id: 3,
        serialNum: 'VOLTA00000000201',
        online: true,
        runStatus: 'Available',
        dashboardState: 'available',
        lifeStatus: 'ACTIVE',
        firmwareVersion: '2.4.1',
        lastSeenAt: null,
      },
      {
        id: 4,
        serialNum: 'VOLTA00000000202',
        online: true,
        runStatus: 'Charging',
        dashboardState: 'charging',
        lifeStatus: 'ACTIVE',
        firmwareVersion: '2.4.0',
        lastSeenAt: null,
      },
      // Connector 0 idle, a connector charging: busy, and the state chip says so.
      {
        id: 5,
        serialNum: 'VOLTA00000000203',
        online: true,
        runStatus: 'Available',
        dashboardState: 'charging',
        lifeStatus: 'ACTIVE',
        firmwareVersion: '2.4.0',
        lastSeenAt: null,
      },
    ],
  };

  it('flags each charger row and says why the others cannot be upgraded', async () => {
    const dataProvider = {
      ...testDataProvider(),
      getList: async () => ({ data: [gateway], total: 1 }),
      getOne: async () => ({ data: gateway }),
    } as unknown as DataProvider;
    renderWith(<UpgradeView value="voltagw000000001" />, dataProvider);
    const table = await screen.findByTestId('upgrade-chargers');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .at(-1),
    ).toBe('Upgrade');
    const rows = screen.getAllByTestId('upgrade-charger-row');
    expect(rows.map((r) => r.dataset.eligible)).toEqual(['true', 'false', 'false']);
    expect(within(rows[0]).getByTestId('upgrade-eligible').textContent).toBe('Eligible');
    expect(within(rows[1]).getByTestId('upgrade-reason').textContent).toContain('Not eligible');
    expect(within(rows[2]).getByTestId('upgrade-reason').textContent).toContain('Not eligible');
    expect(rows.map((r) => within(r).getByTestId('charger-state').textContent)).toEqual(['Available', 'Charging', 'Charging']);
    expect(rows[0].className).not.toContain('MuiTableRow-hover');
  });
});

describe('one derived state, and what is known of an offline charger', () => {
  it('shows the run status as the derived state, never "Available" beside "Charging"', () => {
    renderWith(
      <ChargerTable
        chargers={[charger({ runStatus: 'Available', dashboardState: 'charging' })]}
        columns={['runStatus', 'dashboardState']}
        testId="t"
        rowTestId="r"
      />,
    );
    const [row] = screen.getAllByTestId('r');
    expect(within(row).getByTestId('run-status').textContent).toBe('Charging');
    expect(within(row).getByTestId('charger-state').textContent).toBe('Charging');
  });

  it('shows "unknown since <last seen>" for an offline charger instead of its last run status', () => {
    renderWith(
      <ChargerTable
        chargers={[
          charger({ online: false, runStatus: 'Available', dashboardState: 'offline', lastSeenAt: '2026-03-18T10:30:00.000Z' }),
          charger({ id: 9, online: false, lastSeenAt: null, dashboardState: 'offline' }),
        ]}
        columns={['runStatus']}
        testId="t"
        rowTestId="r"
      />,
    );
    const [seen, never] = screen.getAllByTestId('r');
    expect(within(seen).getByTestId('unknown-since').textContent).toMatch(/^Unknown since 2026-03-18 \d\d:30:00$/);
    expect(within(seen).queryByText(/Available/)).toBeNull();
    expect(within(never).getByTestId('unknown-since').textContent).toBe('Unknown (never connected)');
  });
});
