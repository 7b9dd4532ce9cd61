// @vitest-environment jsdom
/**
 * Action buttons treat a 401 as the error it is: react-admin's data-provider proxy answered a 401
 * with `{ data: {} }`, so the status toggle and the balance dialog reported success; through
 * `useSpCall` it rejects, no success toast is shown and the auth provider's checkError runs
 * (sign-in page).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Notification, RecordContextProvider, type AuthProvider } from 'react-admin';
import { createDataProvider } from '../../../dataProvider';
import { createHttpClient } from '../../../dataProvider/httpClient';
import { createI18nProvider } from '../../../src/i18n';
import { StatusToggle } from '../../../src/components/StatusToggle';
import { BalanceDialog } from '../../../src/components/balance/BalanceDialog';

afterEach(cleanup);

const unauthorised = (async () =>
  new Response(JSON.stringify({ code: 401, msg: 'Authentication exception', data: null }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  })) as typeof fetch;

function signedOutAdmin() {
  const checkError = vi.fn(async () => {
    throw { redirectTo: '/login' };
  });
  const logout = vi.fn(async () => undefined);
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout,
    checkAuth: async () => undefined,
    checkError,
    getPermissions: async () => ['role:admin'],
  };
  const dataProvider = createDataProvider(createHttpClient({ fetch: unauthorised, getToken: () => 'tok', getTimeZone: () => 'UTC' }));
  return { checkError, logout, authProvider, dataProvider };
}

describe('a balance recharge on a 401', () => {
  it('signs the user out and says nothing was recharged (no success toast, the dialog stays with the error)', async () => {
    const { checkError, logout, authProvider, dataProvider } = signedOutAdmin();
    const onDone = vi.fn();
    render(
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider()}>
        <BalanceDialog
          resource="card-user"
          holder={{ id: 7, balance: '12.50', currency: 'EUR', active: true }}
          holderLabel="CARD-7"
          operation="recharge"
          open
          onClose={() => {}}
          onDone={onDone}
        />
        <Notification />
      </AdminContext>,
    );
    fireEvent.change(await screen.findByTestId('balance-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('balance-submit'));
    await waitFor(() => expect(checkError).toHaveBeenCalled());
    await waitFor(() => expect(logout).toHaveBeenCalled());
    expect(await screen.findByTestId('balance-error')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(onDone).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toMatch(/Balance recharged/);
  });
});

describe('StatusToggle on a 401', () => {
  it('is an error (checkError runs, the confirmation stays), not a success', async () => {
    const checkError = vi.fn(async () => {
      throw { redirectTo: '/login' };
    });
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError,
      getPermissions: async () => ['role:admin'],
    };
    const dataProvider = createDataProvider(createHttpClient({ fetch: unauthorised, getToken: () => 'tok', getTimeZone: () => 'UTC' }));
    render(
      <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider()}>
        <RecordContextProvider value={{ id: 7, username: 'staff', active: true }}>
          <StatusToggle resource="company/user" field="active" prefix="resources.company/user" words={['activate', 'deactivate']} nameField="username" />
        </RecordContextProvider>
        <Notification />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByTestId('status-toggle-7'));
    fireEvent.click(await screen.findByRole('button', { name: /confirm|deactivate|ok/i }));
    await waitFor(() => expect(checkError).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 500));
    // the success path closes the confirmation and toasts; the error path keeps it open
    expect(screen.queryByRole('dialog')).not.toBeNull();
    expect(document.body.textContent).not.toMatch(/Account deactivated/);
  });
});
