// @vitest-environment jsdom
/**
 * A resource declaration mounts as react-admin's `<Resource>` under its spec path: the list (or a
 * query view such as `?id=` / `?GatewaySN=`) at the path, `create`, `:id` (edit), `:id/show`,
 * extra sub-routes, the list frame, and the not-found page for anything else; the views run in
 * the resource context named after the spec path, which the data provider maps to the API path.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, testDataProvider, useResourceContext } from 'react-admin';
import { Suspense, type ReactNode } from 'react';
import { createI18nProvider } from '../../../src/i18n';
import { resourceElement } from '../../../src/resources/mount';
import { lazyView, type ResourceDeclaration } from '../../../src/resources/declaration';
import { apiOf } from '../../../src/resources/names';
import { RESOURCES } from '../../../src/resources/registry';
import { findRoute, STATION_PROFILE_TABS } from '../../../domain/routes';

const View = ({ name }: { name: string }) => (
  <p data-testid="view">
    {name}:{useResourceContext()}
  </p>
);

const PATH = '/ChargerUsers/CardUsers';

const declaration: ResourceDeclaration = {
  list: () => <View name="list" />,
  create: () => <View name="create" />,
  edit: () => <View name="edit" />,
  show: () => <View name="show" />,
  queryViews: [{ param: 'id', view: ({ value }) => <View name={`balance ${value}`} /> }],
  listFrame: ({ children }: { children?: ReactNode }) => <div data-testid="frame">{children}</div>,
  routes: [{ path: ':id/orders', view: () => <View name="orders" /> }],
};

function mountAt(entry: string, decl: ResourceDeclaration = declaration, lazily = false) {
  const mounted = lazily ? { ...decl, show: lazyView(async () => ({ Show: decl.show as () => ReactNode }), 'Show') } : decl;
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <AdminContext dataProvider={testDataProvider()} i18nProvider={createI18nProvider()}>
        <Routes>
          <Route path={`${PATH}/*`} element={<Suspense>{resourceElement(PATH, mounted)}</Suspense>} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('resourceElement', () => {
  it.each([
    ['/ChargerUsers/CardUsers', 'list:ChargerUsers/CardUsers'],
    ['/ChargerUsers/CardUsers/create', 'create:ChargerUsers/CardUsers'],
    ['/ChargerUsers/CardUsers/12', 'edit:ChargerUsers/CardUsers'],
    ['/ChargerUsers/CardUsers/12/show', 'show:ChargerUsers/CardUsers'],
    ['/ChargerUsers/CardUsers/12/orders', 'orders:ChargerUsers/CardUsers'],
    ['/ChargerUsers/CardUsers?id=12', 'balance 12:ChargerUsers/CardUsers'],
    ['/ChargerUsers/CardUsers?id=', 'list:ChargerUsers/CardUsers'],
  ])('%s shows %s', async (entry, text) => {
    mountAt(entry);
    expect((await screen.findByTestId('view')).textContent).toBe(text);
  });

  it('loads a declaration on first visit', async () => {
    mountAt('/ChargerUsers/CardUsers/12/show', declaration, true);
    expect((await screen.findByTestId('view')).textContent).toBe('show:ChargerUsers/CardUsers');
  });

  it('frames the list and the query views, not the forms', async () => {
    mountAt('/ChargerUsers/CardUsers?id=3');
    expect(await screen.findByTestId('frame')).toBeTruthy();
    cleanup();
    mountAt('/ChargerUsers/CardUsers/create');
    await screen.findByTestId('view');
    expect(screen.queryByTestId('frame')).toBeNull();
  });

  it('answers not found for a view the declaration lacks', async () => {
    mountAt('/ChargerUsers/CardUsers/12/show', { ...declaration, show: undefined, routes: [] });
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.queryByTestId('view')).toBeNull();
  });
});

describe('resource registry', () => {
  it('mounts every declaration under a path of the route table or a station profile tab', async () => {
    const tabs: string[] = Object.values(STATION_PROFILE_TABS);
    // A sub-screen (home orders under home app users) lives under a path of the route table.
    const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
    for (const r of RESOURCES) expect(findRoute(r.path) ?? findRoute(parentOf(r.path)) ?? tabs.includes(r.path), r.path).toBeTruthy();
    expect(new Set(RESOURCES.map((r) => r.path)).size).toBe(RESOURCES.length);
    for (const r of RESOURCES) expect(r.declaration.list, r.path).toBeTruthy();
  }, 120_000);

  it('offers the sidebar only paths of the route table', async () => {
    const { IMPLEMENTED } = await import('../../../src/routes/pages');
    // A hand-built sub-page (e.g. the campaign overview under Device Version) lives under a path of the table.
    for (const path of IMPLEMENTED) expect(findRoute(path) ?? findRoute(path.split('/').slice(0, -1).join('/')), path).toBeDefined();
    expect(IMPLEMENTED.has('/Operations/Orders')).toBe(true);
    expect(IMPLEMENTED.has(STATION_PROFILE_TABS.chargers)).toBe(false);
  });

  it('maps each resource name back to its API path', () => {
    for (const r of RESOURCES) expect(apiOf(r.path.slice(1)), r.path).toBe(r.name);
    expect(apiOf('charger')).toBe('charger');
  });

  it('keeps the spec paths of the screens', () => {
    const byPath = Object.fromEntries(RESOURCES.map((r) => [r.path, r.name]));
    expect(Object.keys(byPath)).toHaveLength(20);
    expect(byPath).toMatchObject({
      '/Operations/Orders': 'order',
      '/Stations/StationProfile': 'station',
      '/Stations/StationProfile/chargers': 'charger',
      '/Stations/StationProfile/gateways': 'gateway',
      '/Stations/StationProfile/rate-templates': 'rate-template',
      '/Stations/StationGroup': 'station-group',
      '/ChargerUsers/CardUsers': 'card-user',
      '/ChargerUsers/AppUsers': 'app-user',
      '/Monitoring/ChargerMonitoring': 'charger',
      '/SystemUsers/Accounts': 'company/user',
      '/SystemUsers/Permissions': 'role',
      '/System/Operators': 'company',
      '/System/Menu': 'menu',
      '/System/DeviceVersion': 'firmware',
      '/Events/Eventes': 'event',
      '/HomeStations/ChargerProfile': 'home-charger',
      '/HomeStations/AppUserses': 'home-app-user',
      '/HomeStations/AppUserses/orders': 'home-order',
      '/HomeStations/SmartCharging': 'charging-schedule',
      '/ReportTickets/ReportTickets': 'report-ticket',
    });
  });
});
