// @vitest-environment jsdom
/**
 * Action buttons treat a 401 as the error it is: react-admin's data-provider proxy answered a 401
 * with `{ data: {} }`, so the status toggle reported success; through `useSpCall` it rejects, no
 * success toast is shown and the auth provider's checkError runs (sign-in page).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Notification, RecordContextProvider, type AuthProvider } from 'react-admin';
import { createDataProvider } from '../../../dataProvider';
import { createHttpClient } from '../../../dataProvider/httpClient';
import { createI18nProvider } from '../../../src/i18n';
import { StatusToggle } from '../../../src/components/StatusToggle';

afterEach(cleanup);

const unauthorised = (async () => new Response(JSON.stringify({ code: 401, msg: 'Authentication exception', data: null }), { status: 401, headers: { 'content-type': 'application/json' } })) as typeof fetch;

describe('StatusToggle on a 401', () => {
  it('is an error (checkError runs, the confirmation stays), not a success', async () => {
    const checkError = vi.fn(async () => { throw { redirectTo: '/login' }; });
    const authProvider: AuthProvider = {
      login: async () => undefined, logout: async () => undefined, checkAuth: async () => undefined, checkError,
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
