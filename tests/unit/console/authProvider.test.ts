import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createAuthProvider, loginPathFor, safeRedirect } from '../../../authProvider';
import type { HttpClient, RequestOptions } from '../../../dataProvider/httpClient';

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

const INFO = {
  id: 7,
  userName: 'ops',
  realName: 'Op Erator',
  avatar: null,
  email: 'o@x',
  phone: null,
  userType: 'STAFF',
  companyCode: 'C1',
  roles: ['staff'],
  permissions: ['menu:operations', 'menu:operations:orders'],
};

function setup(handler: (path: string, opts: RequestOptions) => unknown, location = '/Operations/Orders') {
  const calls: Array<{ path: string; opts: RequestOptions }> = [];
  const http = (async (path: string, opts: RequestOptions = {}) => {
    calls.push({ path, opts });
    return handler(path, opts);
  }) as HttpClient;
  const storage = new MemoryStorage();
  const auth = createAuthProvider({ http, storage, location: () => location });
  return { auth, storage, calls };
}

describe('authProvider.login', () => {
  it('posts a JSON body with the trimmed user name, stores token, user and permissions', async () => {
    const { auth, storage, calls } = setup((path) => (path === '/login' ? { token: 'T1' } : INFO));
    await auth.login({ username: '  ops ', password: ' pw ' });
    expect(calls[0]).toEqual({ path: '/login', opts: { method: 'POST', body: { username: 'ops', password: ' pw ' } } });
    expect(calls[1].path).toBe('/user/info');
    expect(storage.getItem('token')).toBe('T1');
    expect(JSON.parse(storage.getItem('user')!)).toEqual({ id: 7, userName: 'ops' });
    expect(JSON.parse(storage.getItem('permissions')!)).toEqual(INFO.permissions);
    expect(await auth.getPermissions!({})).toEqual(INFO.permissions);
    expect((await auth.getIdentity!()).fullName).toBe('Op Erator');
  });

  it('rejects with the server error on a wrong login (code 700) and stores nothing', async () => {
    const { auth, storage } = setup(() => {
      throw new HttpError('Wrong user name or password', 401, { code: 700 });
    });
    const err = await auth.login({ username: 'x', password: 'y' }).catch((e) => e);
    expect(err.body.code).toBe(700);
    expect(storage.getItem('token')).toBeNull();
  });

  it('clears the token when the permissions cannot be loaded (requirements §2)', async () => {
    const { auth, storage } = setup((path) => {
      if (path === '/login') return { token: 'T2' };
      throw new HttpError('System error', 500, { code: 500 });
    });
    const err = await auth.login({ username: 'ops', password: 'pw' }).catch((e) => e);
    expect(err.message).toBe('app.auth.permissions_failed');
    expect(storage.getItem('token')).toBeNull();
    await expect(auth.checkError(err)).rejects.toMatchObject({ message: 'app.auth.permissions_failed' });
  });
});

describe('authProvider session checks', () => {
  it('checkAuth sends a signed-out user to login with the wanted path', async () => {
    const { auth } = setup(() => null, '/Operations/Orders?status=CHARGING');
    await expect(auth.checkAuth({})).rejects.toEqual({ redirectTo: '/login?redirect=%2FOperations%2FOrders%3Fstatus%3DCHARGING', message: false });
  });

  it('checkAuth passes with a token', async () => {
    const { auth, storage } = setup(() => null);
    storage.setItem('token', 'T');
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
  });

  it('checkError logs out on envelope code 401 only (logout then clears the session)', async () => {
    const { auth, storage } = setup(() => null);
    storage.setItem('token', 'T');
    storage.setItem('user', '{"id":1,"userName":"a"}');
    await expect(auth.checkError(new HttpError('Wrong user name or password', 401, { code: 700 }))).resolves.toBeUndefined();
    await expect(auth.checkError(new HttpError('Unauthorized operation', 403, { code: 403 }))).resolves.toBeUndefined();
    expect(storage.getItem('token')).toBe('T');
    await expect(auth.checkError(new HttpError('Authentication exception', 401, { code: 401 }))).rejects.toMatchObject({
      redirectTo: '/login?redirect=%2FOperations%2FOrders',
      message: 'app.auth.session_expired',
    });
    await auth.logout({});
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('user')).toBeNull();
  });

  it('logout calls DELETE /sp/logout and clears everything', async () => {
    const { auth, storage, calls } = setup(() => null);
    storage.setItem('token', 'T');
    storage.setItem('permissions', '["role:admin"]');
    await auth.logout({});
    expect(calls.map((c) => `${c.opts.method} ${c.path}`)).toEqual(['DELETE /logout']);
    expect(storage.getItem('token')).toBeNull();
    expect(storage.getItem('permissions')).toBeNull();
  });

  it('logout without a token does not call the server', async () => {
    const { auth, calls } = setup(() => null);
    await auth.logout({});
    expect(calls).toEqual([]);
  });

  it('getPermissions reloads them when missing', async () => {
    const { auth, storage, calls } = setup(() => INFO);
    storage.setItem('token', 'T');
    expect(await auth.getPermissions!({})).toEqual(INFO.permissions);
    expect(calls.map((c) => c.path)).toEqual(['/user/info']);
  });
});

describe('login redirects', () => {
  it('builds and sanitises the redirect parameter', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login?redirect=%2Fx')).toBe('/login');
    expect(loginPathFor('/Monitoring/ChargerMonitoring')).toBe('/login?redirect=%2FMonitoring%2FChargerMonitoring');
    expect(safeRedirect('/Operations/Orders')).toBe('/Operations/Orders');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});

describe('authProvider.canAccess', () => {
  it('opens console paths by the menu permissions and leaves API resources to the server', async () => {
    const { auth } = setup((path) => (path === '/login' ? { token: 'T1' } : INFO));
    await auth.login({ username: 'ops', password: 'pw' });
    expect(await auth.canAccess!({ resource: '/Operations/Orders', action: 'access' })).toBe(true);
    expect(await auth.canAccess!({ resource: '/Operations/Orders/12/show', action: 'access' })).toBe(true);
    expect(await auth.canAccess!({ resource: '/System/Menu', action: 'access' })).toBe(false);
    expect(await auth.canAccess!({ resource: '/Dashboard/Dashboard', action: 'access' })).toBe(true);
    expect(await auth.canAccess!({ resource: 'card-user', action: 'edit' })).toBe(true);
  });

  it('opens nothing but public routes when signed out', async () => {
    const { auth } = setup(() => INFO);
    expect(await auth.canAccess!({ resource: '/Operations/Orders', action: 'access' })).toBe(false);
  });
});
