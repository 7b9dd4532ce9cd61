// @vitest-environment jsdom
/**
 * Every hand-built page survives every error answer: with the real data provider over a `fetch`
 * that answers 401, 403, 500 (the envelope of the error catalogue) or fails (network), each page
 * still renders (no crash, nothing blank) and shows the error — the server's message as a toast
 * or the page's error state; a 401 signs out to the login page. Before the fix Statistics crashed
 * on a 401 (`data.series is not iterable`) and Your Account too: react-admin's data-provider proxy
 * answers a 401 with `{ data: {} }` as if it had succeeded.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification, type AuthProvider } from 'react-admin';
import { createDataProvider } from '../../../dataProvider';
import { createHttpClient } from '../../../dataProvider/httpClient';
import { createI18nProvider } from '../../../src/i18n';
import Dashboard from '../../../src/pages/dashboard/Dashboard';
import Statistics from '../../../src/pages/statistics/Statistics';
import StationInsights from '../../../src/pages/station-insights/StationInsights';
import SearchPage from '../../../src/pages/search/SearchPage';
import { NotificationPreference } from '../../../src/pages/notification-preference/NotificationPreference';
import TourAccount from '../../../src/pages/account/TourAccount';
import NotificationsPage from '../../../src/pages/notifications/NotificationsPage';
import ChargerMonitoring from '../../../resources/charger/ChargerMonitoring';

beforeAll(() => {
  // jsdom lacks these; charts and MUI ask for them.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.matchMedia ??= ((q: string) => ({
    matches: false,
    media: q,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <div data-testid="crashed">{this.state.error.message}</div> : this.props.children;
  }
}

type Failure = 401 | 403 | 500 | 'network';
const MESSAGES: Record<Exclude<Failure, 'network'>, string> = { 401: 'Authentication exception', 403: 'No permission', 500: 'System error' };

/** A fetch that answers every call with `failure`. */
function failingFetch(failure: Failure): typeof fetch {
  return (async () => {
    if (failure === 'network') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ code: failure, msg: MESSAGES[failure], data: null }), {
      status: failure,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

const authProvider: AuthProvider = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  // 401 signs out with its message (as the real provider does); others stay on the page.
  checkError: async (e: unknown) => {
    if ((e as { status?: number })?.status === 401) throw { redirectTo: '/login', message: 'app.auth.session_expired' };
  },
  getPermissions: async () => ['role:admin'],
  getIdentity: async () => ({ id: 1, fullName: 'Admin' }),
};

const PAGES: [string, string, () => ReactNode][] = [
  ['dashboard', '/Dashboard/Dashboard', () => <Dashboard />],
  ['statistics', '/Operations/Statistics', () => <Statistics />],
  ['station insights', '/Operations/StationIndights', () => <StationInsights />],
  ['search', '/Search/Search?ChargerSN=ChargerSN&Search=VOLTA', () => <SearchPage />],
  ['charger monitoring', '/Monitoring/ChargerMonitoring', () => <ChargerMonitoring />],
  ['notification preference', '/TourAccount/TourAccount', () => <NotificationPreference />],
  ['account', '/TourAccount/TourAccount', () => <TourAccount />],
  ['notifications', '/Notifications', () => <NotificationsPage />],
];

function renderPage(page: () => ReactNode, path: string, failure: Failure) {
  const dataProvider = createDataProvider(createHttpClient({ fetch: failingFetch(failure), getToken: () => 'tok', getTimeZone: () => 'UTC' }));
  const [pathname, search] = path.split('?');
  return render(
    <MemoryRouter initialEntries={[{ pathname, search: search ? `?${search}` : '' }]}>
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider()}>
        <Boundary>
          <Suspense fallback={null}>
            <Routes>
              <Route path="/login" element={<div data-testid="login-page">login</div>} />
              <Route path="*" element={page()} />
            </Routes>
          </Suspense>
        </Boundary>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe.each(PAGES)('the %s page against error answers', (_name, path, page) => {
  it.each([401, 403, 500, 'network'] as Failure[])('survives %s with the error shown', async (failure) => {
    renderPage(page, path, failure);
    const expected = failure === 'network' ? 'Network error: the server cannot be reached' : failure === 401 ? 'Authentication exception' : MESSAGES[failure];
    await waitFor(
      () => {
        const text = document.body.textContent ?? '';
        // A 401 signs out: the toast, then the login page; the others stay on the page with the error.
        const shown = text.includes(expected) || screen.queryAllByTestId('error-state').length > 0;
        expect(failure === 401 ? shown || screen.queryAllByTestId('login-page').length > 0 : shown).toBe(true);
      },
      { timeout: 4000 },
    );
    expect(screen.queryByTestId('crashed')).toBeNull();
    // Something of the page is still there (not a blank screen); a 401 leaves for the login page.
    if (failure !== 401) expect((document.body.textContent ?? '').replace(expected, '').trim().length).toBeGreaterThan(0);
  });
});
