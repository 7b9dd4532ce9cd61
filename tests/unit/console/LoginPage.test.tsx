// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, HttpError, testDataProvider, type AuthProvider } from 'react-admin';
import { LoginPage, validateLogin } from '../../../src/login/LoginPage';
import { createI18nProvider } from '../../../src/i18n';

afterEach(() => {
  cleanup();
  document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
});

function renderLogin(authProvider: Partial<AuthProvider> = {}) {
  const auth: AuthProvider = {
    login: async () => {},
    logout: async () => {},
    checkAuth: async () => {},
    checkError: async () => {},
    getPermissions: async () => [],
    ...authProvider,
  };
  return render(
    <AdminContext authProvider={auth} dataProvider={testDataProvider()} i18nProvider={createI18nProvider()}>
      <LoginPage />
    </AdminContext>,
  );
}

describe('validateLogin (requirements §5)', () => {
  it('requires both fields, trimming the user name', () => {
    expect(validateLogin({ username: '  ', password: '' })).toEqual({ username: 'app.login.username_required', password: 'app.login.password_required' });
    expect(validateLogin({ username: 'a', password: 'b' })).toEqual({});
  });
});

describe('LoginPage', () => {
  it('shows both required messages in English', async () => {
    renderLogin();
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('User name cannot be empty')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty')).toBeTruthy();
  });

  it('shows the messages in Chinese when the language cookie says so', async () => {
    document.cookie = 'language=zh; path=/';
    renderLogin();
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
  });

  it('shows a wrong login inline (code 700), not as a toast', async () => {
    let sent: unknown;
    renderLogin({
      login: async (params) => {
        sent = params;
        throw new HttpError('Wrong user name or password', 401, { code: 700 });
      },
    });
    fireEvent.change(await screen.findByTestId('login-username'), { target: { value: ' admin ' } });
    fireEvent.change(screen.getByTestId('login-password'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByTestId('login-submit'));
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('Wrong user name or password');
    expect(sent).toEqual({ username: 'admin', password: 'bad' });
    await waitFor(() => expect(screen.queryByText('User name cannot be empty')).toBeNull());
  });
});
