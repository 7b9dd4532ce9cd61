// @vitest-environment jsdom
/**
 * The gateway show page (requirements §3 "Gateway", §9 OCPP password): live state (online chip, last
 * seen relative + absolute, firmware, vendor / model when reported), the OCPP password actions
 * behind a confirmation with the once-only dialog, both languages, and the live refresh on the
 * stream's `gateway` and `charger` events.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { ReactElement } from 'react';
import { AdminContext, HttpError, testDataProvider, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n';
import { GatewayList, GatewayShow, vendorModel, type GatewayRecord } from '../../../resources/gateway/GatewayPages';
import { ChargerShow, type ChargerDetail } from '../../../resources/charger/ChargerShow';
import { formatDateTime } from '../../../src/utils/date';

const SEEN = new Date(Date.now() - 5 * 60_000).toISOString();

const base: GatewayRecord = {
  id: 7,
  serialNum: 'VOLTAGW000000001',
  companyCode: 'VOLTA',
  companyName: 'Volta Charging Berlin',
  stationId: 2,
  stationName: 'Potsdamer Platz',
  lifeStatus: 'ACTIVE',
  firmwareVersion: '1.6.3',
  online: true,
  lastSeenAt: SEEN,
  chargerCount: 1,
  createdAt: '2026-01-01T00:00:00Z',
  vendor: 'Phoenix Contact',
  model: 'CHARX SEC-3100',
  hasOcppPassword: false,
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
  ],
};

type Call = [string, string, unknown];

function renderShow(record: GatewayRecord, calls: Call[] = [], reads: { n: number } = { n: 0 }, fail?: number) {
  const dataProvider = {
    ...testDataProvider(),
    getOne: async () => {
      reads.n++;
      return { data: record };
    },
    call: async (method: string, path: string, body?: unknown) => {
      calls.push([method, path, body]);
      if (fail) throw new HttpError(`errors.${fail}`, 400, { code: fail });
      return method === 'POST' ? { username: record.serialNum, password: 'Zx9-secret-Q2' } : null;
    },
  } as unknown as DataProvider;
  return renderAt(`/gateways/${record.id}/show`, '/gateways/:id/show', <GatewayShow />, dataProvider);
}

/** Renders `element` at the route `path` opened as `entry`, with the console's i18n and `dataProvider`. */
function renderAt(entry: string, path: string, element: ReactElement, dataProvider: DataProvider) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <Routes>
          <Route path={path} element={element} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

/** Clicks the confirmation dialog's confirm button (react-admin's Confirm). */
async function confirm() {
  const dialog = await screen.findByRole('dialog');
  const buttons = within(dialog).getAllByRole('button');
  fireEvent.click(buttons[buttons.length - 1]);
}

afterEach(() => {
  cleanup();
  document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('gateway show page', () => {
  it('shows the live state: online chip, last seen (relative and absolute), firmware, vendor and model', async () => {
    renderShow(base);
    expect((await screen.findByTestId('gateway-show-sn')).textContent).toBe('VOLTAGW000000001');
    const chip = within(screen.getByTestId('gateway-online')).getByTestId('online-chip');
    expect(chip.dataset.online).toBe('true');
    expect(chip.textContent).toBe('Online');
    const seen = screen.getByTestId('gateway-last-seen');
    expect(seen.textContent).toContain('5 min ago');
    expect(within(seen).getByTestId('last-seen-absolute').textContent).toBe(formatDateTime(SEEN));
    expect(screen.getByTestId('gateway-firmware').textContent).toBe('1.6.3');
    expect(screen.getByTestId('gateway-vendor').textContent).toBe('Phoenix Contact');
    expect(screen.getByTestId('gateway-model').textContent).toBe('CHARX SEC-3100');
    expect(screen.getAllByTestId('gateway-charger-row')).toHaveLength(1);
    expect(screen.getByTestId('ocpp-password-state').textContent).toContain('No password is set.');
    expect((screen.getByTestId('ocpp-password-remove') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows absent fields as such (a server without vendor, model or password state; never seen)', async () => {
    const { vendor: _v, model: _m, hasOcppPassword: _h, ...older } = base;
    renderShow({ ...older, online: false, lastSeenAt: null });
    await screen.findByTestId('gateway-show');
    expect(within(screen.getByTestId('gateway-online')).getByTestId('online-chip').textContent).toBe('Offline');
    expect(screen.getByTestId('gateway-last-seen').textContent).toBe('never');
    expect(screen.queryByTestId('last-seen-absolute')).toBeNull();
    expect(screen.getByTestId('gateway-vendor').textContent).toBe('—');
    expect(screen.getByTestId('gateway-model').textContent).toBe('—');
    expect(screen.queryByTestId('ocpp-password-state')).toBeNull();
    expect((screen.getByTestId('ocpp-password-remove') as HTMLButtonElement).disabled).toBe(false);
  });

  it('generates an OCPP password after a confirmation and shows user name and password once', async () => {
    const calls: Call[] = [];
    renderShow(base, calls);
    fireEvent.click(await screen.findByTestId('ocpp-password-generate'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Generate an OCPP password for VOLTAGW000000001?');
    expect(calls).toEqual([]);
    await confirm();
    const dialog = await screen.findByTestId('ocpp-password-dialog');
    expect(calls).toEqual([['POST', 'gateway/7/ocpp-password', undefined]]);
    expect((within(dialog).getByTestId('ocpp-password-username') as HTMLInputElement).value).toBe('VOLTAGW000000001');
    expect((within(dialog).getByTestId('ocpp-password-value') as HTMLInputElement).value).toBe('Zx9-secret-Q2');
    expect(within(dialog).getByTestId('ocpp-password-copy')).toBeTruthy();
    expect(dialog.textContent).toContain('configure the gateway with it');
    await waitFor(() => expect(screen.getByTestId('ocpp-password-state').textContent).toContain('A password is set.'));
    fireEvent.click(within(dialog).getByTestId('ocpp-password-close'));
    await waitFor(() => expect(screen.queryByTestId('ocpp-password-value')).toBeNull());
  });

  it('removes the password after a confirmation; a refused call is notified and changes nothing', async () => {
    const calls: Call[] = [];
    renderShow({ ...base, hasOcppPassword: true }, calls);
    fireEvent.click(await screen.findByTestId('ocpp-password-remove'));
    expect((await screen.findByRole('dialog')).textContent).toContain('Remove the OCPP password of VOLTAGW000000001?');
    await confirm();
    await waitFor(() => expect(calls).toEqual([['DELETE', 'gateway/7/ocpp-password', undefined]]));
    await waitFor(() => expect(screen.getByTestId('ocpp-password-state').textContent).toContain('No password is set.'));
    cleanup();
    const refused: Call[] = [];
    renderShow({ ...base, hasOcppPassword: true }, refused, { n: 0 }, 725);
    fireEvent.click(await screen.findByTestId('ocpp-password-generate'));
    await confirm();
    await waitFor(() => expect(refused).toHaveLength(1));
    expect(screen.queryByTestId('ocpp-password-dialog')).toBeNull();
    expect(screen.getByTestId('ocpp-password-state').textContent).toContain('A password is set.');
  });

  it('speaks Chinese', async () => {
    document.cookie = 'language=zh; path=/';
    renderShow(base);
    await screen.findByTestId('gateway-show');
    expect(within(screen.getByTestId('gateway-online')).getByTestId('online-chip').textContent).toBe('在线');
    expect(screen.getByTestId('ocpp-password-card').textContent).toContain('OCPP 密码');
    expect(screen.getByTestId('ocpp-password-generate').textContent).toContain('生成密码');
    fireEvent.click(screen.getByTestId('ocpp-password-generate'));
    expect((await screen.findByRole('dialog')).textContent).toContain('为 VOLTAGW000000001 生成 OCPP 密码？');
    await confirm();
    expect((await screen.findByTestId('ocpp-password-dialog')).textContent).toContain('密码只显示这一次');
  });
});

describe('gateway live refresh', () => {
  /** A stand-in for the browser's EventSource that records its listeners. */
  class FakeSource {
    static last: FakeSource | undefined;
    static readonly CLOSED = 2;
    readyState = 1;
    listeners = new Map<string, () => void>();
    onopen: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(public url: string) {
      FakeSource.last = this;
    }
    addEventListener(name: string, fn: () => void) {
      this.listeners.set(name, fn);
    }
    close() {
      this.readyState = 2;
    }
  }
  const saved = (globalThis as { EventSource?: unknown }).EventSource;
  beforeEach(() => {
    (globalThis as { EventSource?: unknown }).EventSource = FakeSource;
    localStorage.setItem('token', 'test-token');
  });
  afterEach(() => {
    (globalThis as { EventSource?: unknown }).EventSource = saved;
    localStorage.removeItem('token');
    FakeSource.last = undefined;
  });

  it("re-reads the list on the stream's gateway and charger events; rows show chip, last seen, vendor / model", async () => {
    const lists = { n: 0 };
    const { vendor: _v, model: _m, ...silent } = base;
    const records = [base, { ...silent, id: 8, serialNum: 'VOLTAGW000000002', online: false, lastSeenAt: null }];
    const dataProvider = {
      ...testDataProvider(),
      getList: async (resource: string) => {
        if (resource === 'gateway') lists.n++;
        return resource === 'gateway' ? { data: records, total: 2 } : { data: [], total: 0 };
      },
      fetchData: async () => [],
    } as unknown as DataProvider;
    renderAt('/gateways', '/gateways', <GatewayList />, dataProvider);
    const grid = await screen.findByTestId('gateways-grid');
    await waitFor(() => expect(within(grid).getAllByTestId('online-chip')).toHaveLength(2));
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByTestId('online-chip').textContent).toBe('Online');
    expect(rows[0].textContent).toContain('Phoenix Contact · CHARX SEC-3100');
    expect(within(rows[0]).getByTestId('last-seen').textContent).toContain(formatDateTime(SEEN));
    expect(within(rows[1]).getByTestId('online-chip').textContent).toBe('Offline');
    expect(within(rows[1]).getByTestId('last-seen').textContent).toBe('never');
    const source = FakeSource.last!;
    expect([...source.listeners.keys()]).toEqual(expect.arrayContaining(['charger', 'gateway']));
    const before = lists.n;
    source.listeners.get('gateway')!();
    await waitFor(() => expect(lists.n).toBeGreaterThan(before));
  });

  it("re-reads the gateway on the stream's gateway and charger events", async () => {
    const reads = { n: 0 };
    renderShow(base, [], reads);
    await screen.findByTestId('gateway-show');
    const source = FakeSource.last!;
    expect(source.url).toBe('/sp/live?token=test-token');
    expect([...source.listeners.keys()]).toEqual(expect.arrayContaining(['charger', 'gateway']));
    const before = reads.n;
    source.listeners.get('gateway')!();
    await waitFor(() => expect(reads.n).toBeGreaterThan(before));
  });
});

describe('the charger page shares the password card', () => {
  it("generates a charger password with the charger's texts and route", async () => {
    const charger: ChargerDetail = {
      id: 3,
      serialNum: 'VOLTA00000000201',
      companyCode: 'VOLTA',
      companyName: 'Volta',
      stationId: null,
      stationName: null,
      chargerStationCode: null,
      phase: 'THREE',
      lifeStatus: 'ACTIVE',
      type: 'AC',
      ratedPowerKw: null,
      runStatus: null,
      online: false,
      lastSeenAt: null,
      firmwareVersion: null,
      vendor: null,
      model: null,
      gatewaySn: 'VOLTAGW000000001',
      installationDate: null,
      warrantyYears: 0,
      equipmentNumber: null,
      installerName: null,
      installerEmail: null,
      installerCompany: null,
      installerContact: null,
      dashboardState: 'offline',
      connectors: [{ connectorId: 1, status: 'Available', errorCode: 'NoError', info: null, statusAt: '2026-01-01T00:00:00.000Z' }],
      activeOrderNo: null,
      createTimeStamp: '2026-01-01T00:00:00.000Z',
      hasOcppPassword: true,
      securityProfile: 1,
      securityProfileRequested: null,
    };
    const calls: Call[] = [];
    const dataProvider = {
      ...testDataProvider(),
      getOne: async () => ({ data: charger }),
      call: async (method: string, path: string, body?: unknown) => {
        calls.push([method, path, body]);
        return { username: charger.serialNum, password: 'pw-1' };
      },
    } as unknown as DataProvider;
    renderAt('/chargers/3/show', '/chargers/:id/show', <ChargerShow />, dataProvider);
    expect((await screen.findByTestId('ocpp-password-state')).textContent).toContain('A password is set.');
    fireEvent.click(screen.getByTestId('ocpp-password-generate'));
    // The charger is offline: the password is set by hand, and the confirmation says why.
    expect((await screen.findByRole('dialog')).textContent).toContain('The charger is not connected, so the new password cannot be sent to it');
    await confirm();
    const dialog = await screen.findByTestId('ocpp-password-dialog');
    expect(calls).toEqual([['POST', 'charger/3/ocpp-password', undefined]]);
    expect((within(dialog).getByTestId('ocpp-password-value') as HTMLInputElement).value).toBe('pw-1');
    expect(dialog.textContent).toContain('configure the charger with it');
  });
});

describe('vendorModel', () => {
  it('joins what the gateway reported', () => {
    expect(vendorModel({ vendor: 'Phoenix Contact', model: 'CHARX SEC-3100' })).toBe('Phoenix Contact · CHARX SEC-3100');
    expect(vendorModel({ vendor: null, model: 'X1' })).toBe('X1');
    expect(vendorModel({})).toBeNull();
  });
});
