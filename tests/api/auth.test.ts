import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, ADMIN_PASSWORD, type TestServer } from '../support/app.js';

describe.each(backends())('authentication on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build(backend);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('signs in with query parameters (requirements §7) and trims the username', async () => {
    const res = await s.app.inject({ method: 'POST', url: `/sp/login?username=%20admin%20&password=${ADMIN_PASSWORD}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('signs in with a JSON body and a form body', async () => {
    const json = await s.app.inject({ method: 'POST', url: '/sp/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(json.json().code).toBe(200);
    const form = await s.app.inject({
      method: 'POST',
      url: '/sp/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=admin&password=${encodeURIComponent(ADMIN_PASSWORD)}`,
    });
    expect(form.json().code).toBe(200);
  });

  it('answers a wrong login with 700 in the caller language', async () => {
    const en = await s.app.inject({ method: 'POST', url: '/sp/login', payload: { username: 'admin', password: 'nope' } });
    expect(en.statusCode).toBe(401);
    expect(en.json()).toMatchObject({ code: 700, msg: 'Wrong user name or password' });
    const zh = await s.app.inject({ method: 'POST', url: '/sp/login', headers: { cookie: 'language=zh' }, payload: { username: 'ghost', password: 'nope' } });
    expect(zh.json()).toMatchObject({ code: 700, msg: '用户名或密码错误' });
  });

  it('names the empty field', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/sp/login', payload: { username: ' ', password: 'x' } });
    expect(res.json().code).toBe(609);
    expect(res.json().msg).toContain('username');
  });

  it('refuses calls without a token with 401 and returns user info with one', async () => {
    const none = await s.app.inject({ method: 'GET', url: '/sp/user/info' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(401);
    const token = await s.login();
    const info = await s.app.inject({ method: 'GET', url: '/sp/user/info', headers: { authorization: `Bearer ${token}` } });
    expect(info.json().data).toMatchObject({ userName: 'admin', permissions: ['role:admin'] });
  });

  it('revokes the token at logout', async () => {
    const token = await s.login();
    const auth = { authorization: `Bearer ${token}` };
    const out = await s.app.inject({ method: 'DELETE', url: '/sp/logout', headers: auth });
    expect(out.json().code).toBe(200);
    const after = await s.app.inject({ method: 'GET', url: '/sp/user/info', headers: auth });
    expect(after.json().code).toBe(401);
  });

  it('lists companies for the selector', async () => {
    const token = await s.login();
    const res = await s.app.inject({ method: 'GET', url: '/sp/company/select', headers: { authorization: `Bearer ${token}` } });
    expect(res.json()).toMatchObject({ code: 200, data: [] });
  });
});
