import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { ADMIN_PASSWORD, type TestServer } from '../support/app.js';
import { call, operatorBody, PASSWORD, type Tenants, tenantServer } from '../support/tenants.js';
import { HashSlots } from '../../server/auth/hash-slots.js';
import { LoginThrottle } from '../../server/auth/login-throttle.js';
import { isWeakPassword } from '../../domain/entities/rules.js';

const WEAK_EN = 'The password is too weak: at least 8 characters, not the user name and not a common password';
const WEAK_ZH = '密码强度不足：至少8个字符，不能与用户名相同，也不能是常见密码';

describe.each(backends())('sign-in throttle and password rule on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  beforeAll(async () => {
    ({ s, t } = await tenantServer(backend));
  });
  afterAll(async () => {
    await s?.close();
  });

  const login = (username: string, password: string, ip = '10.0.0.1', lang?: string) =>
    s.app
      .inject({
        method: 'POST',
        url: '/sp/login',
        remoteAddress: ip,
        headers: lang ? { cookie: `language=${lang}` } : {},
        payload: { username, password },
      })
      .then((r) => ({ status: r.statusCode, ...(r.json() as { code: number; msg: string }) }));

  it('refuses an account from an address after 5 wrong passwords from there, even with the right one; another account still signs in there', async () => {
    for (let i = 0; i < 5; i++) expect((await login('alpha.clerk', `wrong-${i}`, '10.1.0.1')).code).toBe(700);
    const right = await login('alpha.clerk', PASSWORD, '10.1.0.1');
    expect(right).toMatchObject({ code: 731, msg: 'Too many failed sign-in attempts: try again later' });
    expect(await login('ALPHA.CLERK', PASSWORD, '10.1.0.1', 'zh')).toMatchObject({ code: 731, msg: '登录失败次数过多，请稍后再试' });
    expect((await login('alpha.site', PASSWORD, '10.1.0.1')).code).toBe(200);
  });

  it("a success resets the account's count; successes never count", async () => {
    for (let i = 0; i < 4; i++) expect((await login('alpha.lead.none', `wrong-${i}`, '10.2.0.1')).code).toBe(700);
    for (let i = 0; i < 4; i++) expect((await login('alpha.site', 'nope-nope', '10.2.0.2')).code).toBe(700);
    expect((await login('alpha.site', PASSWORD, '10.2.0.2')).code).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('alpha.site', 'nope-nope', '10.2.0.3')).code).toBe(700);
    for (let i = 0; i < 30; i++) expect((await login('alpha.site', PASSWORD, '10.2.0.3')).code).toBe(200);
  });

  it('refuses an address after 20 failures, whatever the account; other addresses still sign in', async () => {
    for (let i = 0; i < 20; i++) expect((await login(`ghost${i}`, 'wrong-pass', '10.3.0.1')).code).toBe(700);
    expect((await login('admin', ADMIN_PASSWORD, '10.3.0.1')).code).toBe(731);
    expect((await login('admin', ADMIN_PASSWORD, '10.3.0.2')).code).toBe(200);
  });

  it("keeps a stranger's wrong passwords from locking the owner out: the owner signs in from a known address, the stranger stays refused", async () => {
    expect((await login('admin', ADMIN_PASSWORD, '10.4.0.1')).code).toBe(200); // the owner's usual address
    // A stranger tries 5 passwords every 15 minutes (here: at once) from one address
    for (let i = 0; i < 5; i++) expect((await login('admin', `guess-${i}`, '10.4.0.66')).code).toBe(700);
    expect((await login('admin', ADMIN_PASSWORD, '10.4.0.66')).code).toBe(731); // even the right password
    // The owner, from the known address: signed in (the account-wide delay does not apply there)
    expect((await login('admin', ADMIN_PASSWORD, '10.4.0.1')).code).toBe(200);
    // The stranger's address stays refused for this account, with any password
    expect((await login('admin', ADMIN_PASSWORD, '10.4.0.66')).code).toBe(731);
    expect((await login('admin', 'guess-9', '10.4.0.66')).code).toBe(731);
  });

  const weakCases: Array<[string, string]> = [
    ['short', 'Ab-1234'],
    ['common', 'qwerty123'],
    ['common', '12345678'],
  ];

  it('refuses weak passwords with 732 when an account is created, in en and zh', async () => {
    for (const [, password] of [...weakCases, ['username', 'Alpha.Weak']]) {
      const payload = {
        username: 'alpha.weak',
        password,
        confirmPassword: password,
        userType: 'STAFF',
        realName: 'Wanda Weak',
        phone: '+44 9',
        email: 'weak@alpha.example',
        roleId: t.staff.roleId,
      };
      const en = await call(s, 'POST', '/sp/company/user', t.a.adminToken, payload);
      expect(en).toMatchObject({ code: 732, msg: expect.stringContaining(WEAK_EN) });
      const zh = await s.app.inject({
        method: 'POST',
        url: '/sp/company/user',
        headers: { authorization: `Bearer ${t.a.adminToken}`, cookie: 'language=zh' },
        payload,
      });
      expect(zh.json()).toMatchObject({ code: 732, msg: expect.stringContaining(WEAK_ZH) });
    }
  });

  it("refuses weak passwords with 732 on the admin reset and on changing one's own password", async () => {
    for (const [, password] of [...weakCases, ['username', 'ALPHA.CLERK']]) {
      const reset = await call(s, 'PUT', `/sp/company/user/${t.staff.accountId}/pwd`, t.a.adminToken, { password, confirmPassword: password });
      expect(reset).toMatchObject({ code: 732, msg: expect.stringContaining(WEAK_EN) });
    }
    for (const [, newPassword] of [...weakCases, ['username', 'alpha.site']]) {
      const own = await s.app.inject({
        method: 'PUT',
        url: '/sp/user/password',
        headers: { authorization: `Bearer ${t.manager.token}`, cookie: 'language=zh' },
        payload: { oldPassword: PASSWORD, newPassword },
      });
      expect(own.json()).toMatchObject({ code: 732, msg: expect.stringContaining(WEAK_ZH) });
    }
  });

  it('refuses weak passwords with 732 when an operator is created with its administrator', async () => {
    const admin = await s.login('admin', ADMIN_PASSWORD);
    for (const [, password] of [...weakCases, ['username', 'opw.admin']]) {
      const res = await call(s, 'POST', '/sp/company', admin, operatorBody('OPW', { password }));
      expect(res).toMatchObject({ code: 732, msg: expect.stringContaining(WEAK_EN) });
    }
    expect((await call(s, 'POST', '/sp/company', admin, operatorBody('OPW'))).code).toBe(200);
  });
});

describe('password rule', () => {
  it('needs 8 characters, not the user name, not a common password', () => {
    expect(isWeakPassword('123456')).toBe(true);
    expect(isWeakPassword('Password')).toBe(true);
    expect(isWeakPassword('Volta.Staff', 'volta.staff')).toBe(true);
    expect(isWeakPassword('demo1234')).toBe(false);
    expect(isWeakPassword('Passw0rd-1', 'alpha.clerk')).toBe(false);
  });
});

describe('login throttle (clock given)', () => {
  const MIN = 60_000;
  const limits = { account: 5, address: 20, windowMs: 15 * MIN, maxKeys: 100 };

  it('a stranger sending 5 wrong passwords every 15 minutes never keeps the owner out of a known address, and stays refused', () => {
    const th = new LoginThrottle(limits);
    th.succeeded('admin', '192.0.2.10', 0);
    for (let round = 0; round < 8; round++) {
      const t0 = round * (15 * MIN + 10); // each time the lock of the last round has just ended
      for (let i = 0; i < 5; i++) {
        expect(th.limited('admin', '198.51.100.7', t0 + i)).toBeNull();
        th.failed('admin', '198.51.100.7', t0 + i);
      }
      expect(th.limited('admin', '198.51.100.7', t0 + 10)).toBe('account');
      expect(th.limited('admin', '198.51.100.7', t0 + 15 * MIN - 1)).toBe('account');
      expect(th.limited('admin', '192.0.2.10', t0 + 10)).toBeNull();
      expect(th.limited('admin', '192.0.2.10', t0 + 7 * MIN)).toBeNull();
    }
  });

  it('delays the account for unknown addresses, doubling per further failure up to the window; a success ends it', () => {
    const th = new LoginThrottle(limits);
    for (let i = 0; i < 4; i++) th.failed('ops', `203.0.113.${i}`, 0);
    expect(th.limited('ops', '203.0.113.200', 0)).toBeNull();
    th.failed('ops', '203.0.113.4', 0); // 5th: 1 s
    expect(th.limited('ops', '203.0.113.200', 999)).toBe('account');
    expect(th.limited('ops', '203.0.113.200', 1000)).toBeNull();
    th.failed('ops', '203.0.113.5', 1000); // 6th: 2 s
    expect(th.limited('ops', '203.0.113.200', 2999)).toBe('account');
    expect(th.limited('ops', '203.0.113.200', 3000)).toBeNull();
    for (let i = 6; i < 40; i++) th.failed('ops', `203.0.113.${i}`, 3000);
    expect(th.limited('ops', '203.0.113.200', 3000 + 15 * MIN - 1)).toBe('account'); // capped at the window
    expect(th.limited('ops', '203.0.113.200', 3000 + 15 * MIN)).toBeNull();
    th.failed('ops', '203.0.113.41', 3000 + 15 * MIN);
    th.succeeded('ops', '203.0.113.200', 3001 + 15 * MIN);
    expect(th.limited('ops', '203.0.113.201', 3002 + 15 * MIN)).toBeNull();
  });

  it('holds a bounded number of keys and known addresses', () => {
    const th = new LoginThrottle({ ...limits, maxKeys: 50, knownPerAccount: 2 });
    for (let i = 0; i < 1000; i++) th.failed(`user${i}`, `10.9.${i >> 8}.${i & 255}`, i);
    expect(th.size).toBeLessThanOrEqual(50);
    for (let i = 0; i < 200; i++) th.succeeded(`user${i}`, '10.8.0.1', i);
    expect(th.knownAccounts).toBe(50);
    for (const ip of ['10.7.0.1', '10.7.0.2', '10.7.0.3']) th.succeeded('owner', ip, 5000);
    for (let i = 0; i < 10; i++) th.failed('owner', `10.6.0.${i}`, 5001);
    expect(th.limited('owner', '10.7.0.1', 5002)).toBe('account'); // the oldest of three is forgotten
    expect(th.limited('owner', '10.7.0.3', 5002)).toBeNull();
  });
});

describe('hash slots', () => {
  it('runs at most 2 hashes at once, queues a bounded number and refuses the rest with 733', async () => {
    const slots = new HashSlots(2, 3);
    let running = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const task = () =>
      new Promise<number>((resolve) => {
        running++;
        peak = Math.max(peak, running);
        gates.push(() => {
          running--;
          resolve(1);
        });
      });
    const runs = Array.from({ length: 5 }, () => slots.run(task));
    expect(slots.load).toEqual({ running: 2, waiting: 3 });
    await expect(slots.run(task)).rejects.toMatchObject({ code: 733 });
    while (gates.length || slots.load.running) {
      await new Promise((r) => setImmediate(r));
      gates.shift()?.();
    }
    expect(await Promise.all(runs)).toEqual([1, 1, 1, 1, 1]);
    expect(peak).toBe(2);
    expect(slots.load).toEqual({ running: 0, waiting: 0 });
  });
});
