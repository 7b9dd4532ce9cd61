// @vitest-environment jsdom
/**
 * The role, account, menu and operator forms validate with their domain declarations before
 * anything is sent (issue "one declaration per entity"): an invalid form sends no request and
 * marks every failing field at once, in the user's language, with the server's catalogue
 * messages — the password rule (732) on the password field of the account and operator forms.
 * A valid form sends the body its declaration reads (no hand-written field list). The status
 * switches confirm first, then `PUT …/{id}/status` through react-admin's `useUpdate`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification, RecordContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import type { ReactElement } from 'react';
import { createI18nProvider } from '../../../src/i18n';
import { catalogueMessage } from '../../../domain/errors';
import { RoleCreate } from '../../../resources/role/RolePages';
import { AccountCreate } from '../../../resources/account/AccountPages';
import { MenuCreate } from '../../../resources/menu/MenuPages';
import { OperatorCreate } from '../../../resources/operator/OperatorPages';
import { StatusToggle } from '../../../src/components/StatusToggle';

afterEach(() => {
  cleanup();
  document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

/** A data provider recording every write; reads answer empty lists. */
function provider() {
  const writes: Array<[string, string, unknown]> = [];
  const dataProvider = {
    ...testDataProvider(),
    getList: async () => ({ data: [], total: 0 }),
    create: vi.fn(async (resource: string, params: { data: Record<string, unknown> }) => {
      writes.push(['create', resource, params.data]);
      return { data: { id: 1, ...params.data } };
    }),
    update: vi.fn(async (resource: string, params: { id: number; data: Record<string, unknown>; meta?: { path?: string } }) => {
      writes.push(['update', `${resource}/${params.id}${params.meta?.path ? `/${params.meta.path}` : ''}`, params.data]);
      return { data: { id: params.id, ...params.data } };
    }),
    fetchData: async () => [],
    call: vi.fn(async (method: string, path: string, body?: unknown) => {
      writes.push([method, path, body]);
      return null;
    }),
  } as unknown as DataProvider;
  return { dataProvider, writes };
}

const admin = {
  login: async () => undefined,
  logout: async () => undefined,
  checkAuth: async () => undefined,
  checkError: async () => undefined,
  getPermissions: async () => ['role:admin'],
};

function renderAt(path: string, element: ReactElement, lang: 'en' | 'zh' = 'en') {
  if (lang === 'zh') document.cookie = 'language=zh; path=/';
  const { dataProvider, writes } = provider();
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} authProvider={admin} i18nProvider={createI18nProvider()}>
        <Routes>
          <Route path="*" element={element} />
        </Routes>
      </AdminContext>
    </MemoryRouter>,
  );
  return writes;
}

/** The message shown under the input `source` (react-admin's helper text of an invalid input). */
function errorOf(source: string): string | null {
  const input = document.querySelector(`[name="${source}"]`) ?? document.querySelector(`#${CSS.escape(source)}`);
  const control = input?.closest('.MuiFormControl-root');
  if (!control?.querySelector('[aria-invalid="true"], .Mui-error')) return null;
  return control.querySelector('.MuiFormHelperText-root')?.textContent ?? null;
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

async function save() {
  fireEvent.click(await screen.findByTestId('form-save'));
  await new Promise((r) => setTimeout(r, 300));
}

describe('role form', () => {
  it('an untouched form sends nothing and marks name, code and description at once', async () => {
    const writes = renderAt('/SystemUsers/Permissions/create', <RoleCreate />);
    await screen.findByTestId('role-form');
    await save();
    await waitFor(() => expect(errorOf('name')).toBe('Role name cannot be empty'));
    expect(errorOf('code')).toBe('Role code cannot be empty');
    expect(errorOf('description')).toBe('Description cannot be empty');
    expect(writes).toEqual([]);
  });
  it('says the rules in Chinese, and a valid role sends the fields its declaration reads', async () => {
    const writes = renderAt('/SystemUsers/Permissions/create', <RoleCreate />, 'zh');
    await screen.findByTestId('role-form');
    type('role-code', 'bad code!');
    await save();
    await waitFor(() => expect(errorOf('name')).toBe('角色名称不能为空'));
    expect(errorOf('code')).toBeTruthy();
    expect(errorOf('code')).not.toMatch(/不能为空/);
    expect(writes).toEqual([]);
    type('role-code', 'ops');
    type('role-name', 'Operations');
    type('role-description', 'Runs the depots');
    await save();
    await waitFor(() => expect(writes).toHaveLength(1));
    const [kind, resource, body] = writes[0];
    expect([kind, resource]).toEqual(['create', 'role']);
    expect(body).toMatchObject({ name: 'Operations', code: 'ops', description: 'Runs the depots', enabled: true });
  });
});

describe('account form', () => {
  it('marks every failing field at once (empty, 900 digits, 732 weak password) and sends nothing', async () => {
    const writes = renderAt('/SystemUsers/Accounts/create', <AccountCreate />);
    await screen.findByTestId('account-form');
    type('account-username', 'staff01');
    type('account-realname', 'Anna 2');
    type('account-password', 'staff01');
    await save();
    await waitFor(() => expect(errorOf('password')).toBe(catalogueMessage(732, 'en')));
    expect(errorOf('realName')).toBe(catalogueMessage(900, 'en'));
    expect(errorOf('phone')).toMatch(/cannot be empty$/);
    expect(errorOf('email')).toMatch(/cannot be empty$/);
    expect(errorOf('userType')).toMatch(/cannot be empty$/);
    expect(errorOf('username')).toBeNull();
    expect(writes).toEqual([]);
  });
  it('shows the 732 rule in Chinese for a common password', async () => {
    const writes = renderAt('/SystemUsers/Accounts/create', <AccountCreate />, 'zh');
    await screen.findByTestId('account-form');
    type('account-username', 'staff01');
    type('account-password', 'password');
    await save();
    await waitFor(() => expect(errorOf('password')).toBe(catalogueMessage(732, 'zh')));
    expect(writes).toEqual([]);
  });
});

describe('menu form', () => {
  it('marks the empty fields and the missing parent of a second-level menu at once, sends nothing', async () => {
    const writes = renderAt('/System/Menu/create?level=2', <MenuCreate />);
    await screen.findByTestId('menu-form');
    type('menu-url', 'no-slash');
    await save();
    await waitFor(() => expect(errorOf('name')).toMatch(/cannot be empty$/));
    expect(errorOf('icon')).toMatch(/cannot be empty$/);
    expect(errorOf('permission')).toMatch(/cannot be empty$/);
    expect(errorOf('url')).toBeTruthy();
    expect(errorOf('url')).not.toMatch(/cannot be empty$/);
    expect(errorOf('parentId')).toMatch(/cannot be empty$/);
    expect(writes).toEqual([]);
  });
});

describe('operator form', () => {
  it('checks the administrator password rule (732) before sending', async () => {
    const writes = renderAt('/Operators/create', <OperatorCreate />);
    await screen.findByTestId('operator-form');
    fireEvent.change(document.querySelector('[name="adminUsername"]') as HTMLInputElement, { target: { value: 'voltaadmin' } });
    type('operator-admin-password', 'voltaadmin');
    await save();
    await waitFor(() => expect(errorOf('password')).toBe(catalogueMessage(732, 'en')));
    expect(errorOf('code')).toMatch(/cannot be empty$/);
    expect(errorOf('name')).toMatch(/cannot be empty$/);
    expect(writes).toEqual([]);
  });
});

describe('status switch', () => {
  it('asks first, then sends PUT …/status through useUpdate and says so in Chinese', async () => {
    document.cookie = 'language=zh; path=/';
    const { dataProvider, writes } = provider();
    render(
      <AdminContext dataProvider={dataProvider} authProvider={admin} i18nProvider={createI18nProvider()}>
        <RecordContextProvider value={{ id: 4, name: 'Ops', enabled: true }}>
          <StatusToggle resource="role" field="enabled" prefix="resources.role" words={['enable', 'disable']} />
        </RecordContextProvider>
        <Notification />
      </AdminContext>,
    );
    fireEvent.click(await screen.findByTestId('status-toggle-4'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('停用角色 Ops？');
    expect(writes).toEqual([]);
    const buttons = within(dialog).getAllByRole('button');
    fireEvent.click(buttons[buttons.length - 1]);
    await waitFor(() => expect(writes).toEqual([['update', 'role/4/status', { enabled: false }]]));
    expect(await screen.findByText('角色已停用')).toBeTruthy();
  });
});
