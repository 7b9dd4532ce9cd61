import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { png } from '../support/images.js';
import { call, PASSWORD, setupTenants, type Tenants } from '../support/tenants.js';
import { eq } from 'drizzle-orm';
import { account, role } from '../../server/db/schema.js';
import { PERMISSIONS } from '../../domain/permissions.js';

/** A JPEG header (SOI, APP0, SOF0) of w×h pixels. */
function jpeg(w: number, h: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, h >> 8, h & 0xff, w >> 8, w & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}
function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----cdboundary42';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe.each(backends())('own profile on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-profile-'));
    s = await build(backend, { dataDir });
    t = await setupTenants(s);
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (token: string, body: Buffer, contentType: string) =>
    s.app.inject({ method: 'POST', url: '/sp/user/avatar', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });

  it('reads and edits the own details (900 for digits, 310 for a taken e-mail)', async () => {
    const tok = t.staff.token;
    const me = await call(s, 'GET', '/sp/user/profile', tok);
    expect(me.data).toMatchObject({ username: 'alpha.clerk', companyCode: 'ALPHA', companyName: 'ALPHA Charging Ltd', roleName: 'Station clerk' });
    expect(JSON.stringify(me.data)).not.toMatch(/password|scrypt/i);
    const edit = await call(s, 'PUT', '/sp/user/profile', tok, {
      realName: 'Clara Clerkson',
      phone: '+44 20 1234',
      email: 'Clara@alpha.example',
      userType: 'ADMIN',
      companyCode: 'BETA',
    });
    expect(edit.code).toBe(200);
    expect(edit.data).toMatchObject({ realName: 'Clara Clerkson', email: 'clara@alpha.example', userType: 'STAFF', companyCode: 'ALPHA' });
    expect((await call(s, 'PUT', '/sp/user/profile', tok, { realName: 'Clara 2' })).code).toBe(900);
    expect((await call(s, 'PUT', '/sp/user/profile', tok, { email: 'site@alpha.example' })).code).toBe(310);
    expect((await call(s, 'PUT', '/sp/user/profile', tok, { realName: '' })).code).toBe(609);
  });

  it("keeps each user's notification preference on the server, validated, defaults until saved", async () => {
    const tok = t.a.adminToken; // the operator's administrator: its menus show events and report tickets
    const ALL = ['OFFLINE', 'FAULT', 'RECOVERED', 'PROCESSED', 'REPORT_TICKET', 'ORDER_ABNORMAL'];
    const first = await call(s, 'GET', '/sp/user/notification-preference', tok);
    expect(first.data).toEqual({ enabled: true, method: 'IN_APP', emails: [], events: ALL, ignoreHeartbeat: true, language: 'en', offered: ALL });
    const pref = {
      enabled: true,
      method: 'BOTH',
      emails: ['ops@alpha.example', 'night@alpha.example'],
      events: ['OFFLINE', 'FAULT', 'FAULT'],
      ignoreHeartbeat: false,
    };
    const saved = await call(s, 'PUT', '/sp/user/notification-preference', tok, pref);
    expect(saved.code).toBe(200);
    // the mail language defaults to English when not sent
    expect(saved.data).toEqual({ ...pref, events: ['OFFLINE', 'FAULT'], language: 'en', offered: ALL });
    expect((await call(s, 'GET', '/sp/user/notification-preference', tok)).data).toEqual(saved.data);
    // Bad input changes nothing.
    expect((await call(s, 'PUT', '/sp/user/notification-preference', tok, { ...pref, emails: ['not-an-address'] })).code).toBe(400);
    expect((await call(s, 'PUT', '/sp/user/notification-preference', tok, { ...pref, method: 'PIGEON' })).code).toBe(400);
    expect((await call(s, 'GET', '/sp/user/notification-preference', tok)).data).toEqual(saved.data);
    // Another user's preference is their own.
    expect((await call(s, 'GET', '/sp/user/notification-preference', t.manager.token)).data.method).toBe('IN_APP');
    expect((await call(s, 'GET', '/sp/user/notification-preference', '')).code).toBe(401);
  });

  it("offers only the notices the account's menus show: none without the events and report tickets menus (403 naming events)", async () => {
    const tok = t.staff.token; // station profiles only
    const first = await call(s, 'GET', '/sp/user/notification-preference', tok);
    expect(first.data).toMatchObject({ events: [], offered: [] });
    const pref = { enabled: true, method: 'EMAIL', emails: ['clerk@alpha.example'], events: ['FAULT', 'REPORT_TICKET'], ignoreHeartbeat: true, language: 'zh' };
    const refused = await call(s, 'PUT', '/sp/user/notification-preference', tok, pref);
    expect(refused.code).toBe(403);
    expect(refused.data).toMatchObject({ errors: { events: expect.any(String) } });
    expect((await call(s, 'GET', '/sp/user/notification-preference', tok)).data).toEqual(first.data);
    expect((await call(s, 'PUT', '/sp/user/notification-preference', tok, { ...pref, events: [] })).data).toMatchObject({
      method: 'EMAIL',
      events: [],
      offered: [],
    });
    // The report tickets menu offers the ticket notices only; the stored choice outside the menus is not answered.
    await s.database.db
      .update(role)
      .set({ permissions: [PERMISSIONS.stations.section, PERMISSIONS.stations.profile, PERMISSIONS.reportTickets] })
      .where(eq(role.id, t.staff.roleId));
    try {
      expect((await call(s, 'PUT', '/sp/user/notification-preference', tok, { ...pref, events: ['REPORT_TICKET'] })).data).toMatchObject({
        events: ['REPORT_TICKET'],
        offered: ['REPORT_TICKET'],
      });
      expect((await call(s, 'PUT', '/sp/user/notification-preference', tok, { ...pref, events: ['REPORT_TICKET', 'OFFLINE'] })).code).toBe(403);
      await s.database.db
        .update(account)
        .set({ notificationPreference: { ...pref, events: ['REPORT_TICKET', 'OFFLINE'] } })
        .where(eq(account.id, t.staff.accountId));
      expect((await call(s, 'GET', '/sp/user/notification-preference', tok)).data).toMatchObject({ events: ['REPORT_TICKET'], offered: ['REPORT_TICKET'] });
    } finally {
      await s.database.db
        .update(role)
        .set({ permissions: [PERMISSIONS.stations.section, PERMISSIONS.stations.profile] })
        .where(eq(role.id, t.staff.roleId));
    }
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const tok = await s.login('alpha.site', PASSWORD);
    const other = await s.login('alpha.site', PASSWORD);
    const wrong = await call(s, 'PUT', '/sp/user/password', tok, { oldPassword: 'wrong-one', newPassword: 'n3w-secret' });
    expect(wrong.code).toBe(700);
    expect(wrong.data).toMatchObject({ errors: { oldPassword: 'The current password is wrong' } });
    expect((await call(s, 'PUT', '/sp/user/password', tok, { oldPassword: PASSWORD })).code).toBe(607);
    expect((await call(s, 'PUT', '/sp/user/password', tok, { oldPassword: PASSWORD, newPassword: 'short' })).code).toBe(400);
    expect((await call(s, 'PUT', '/sp/user/password', tok, { oldPassword: PASSWORD, newPassword: 'n3w-secret', confirmPassword: 'n3w-secreT' })).code).toBe(
      400,
    );
    expect((await call(s, 'PUT', '/sp/user/password', tok, { oldPassword: PASSWORD, newPassword: 'n3w-secret', confirmPassword: 'n3w-secret' })).code).toBe(
      200,
    );
    expect((await call(s, 'GET', '/sp/user/profile', tok)).code).toBe(200);
    expect((await call(s, 'GET', '/sp/user/profile', other)).code).toBe(401);
    expect(await s.login('alpha.site', 'n3w-secret')).toBeTruthy();
  });

  it('accepts a PNG or JPEG avatar up to 300×300 and 2 MB, stores it under a generated name and serves it', async () => {
    const tok = t.staff.token;
    const first = await upload(tok, png(300, 300), 'image/png');
    expect(first.json().code).toBe(200);
    const url: string = first.json().data.avatar;
    expect(url).toMatch(/^\/sp\/files\/avatar\/[a-f0-9]{32}\.png$/);
    const served = await s.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png(300, 300))).toBe(true);
    expect((await call(s, 'GET', '/sp/user/info', tok)).data.avatar).toBe(url);
    const { body, contentType } = multipart(jpeg(120, 80), 'me.jpg', 'image/jpeg');
    const second = await upload(tok, body, contentType);
    expect(second.json().code).toBe(200);
    expect(second.json().data.avatar).toMatch(/\.jpg$/);
    // the replaced file is gone; exactly one avatar file remains
    expect((await s.app.inject({ method: 'GET', url })).json().code).toBe(808);
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'avatar'))).toHaveLength(1);
  });

  it('refuses other types, larger pictures and files over 2 MB with 714', async () => {
    const tok = t.staff.token;
    const before = (await call(s, 'GET', '/sp/user/profile', tok)).data.avatar;
    const cases: [string, Buffer, string][] = [
      ['301 px wide', png(301, 10), 'image/png'],
      ['301 px high', png(10, 301), 'image/png'],
      ['JPEG 400×300', jpeg(400, 300), 'image/jpeg'],
      ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'application/octet-stream'],
      ['SVG named .png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png'],
      ['over 2 MB', png(100, 100, 2 * 1024 * 1024), 'image/png'],
      ['empty', Buffer.alloc(0), 'image/png'],
    ];
    for (const [label, file, type] of cases) {
      const res = await upload(tok, file, type);
      expect(res.json().code, label).toBe(714);
    }
    const mp = multipart(png(500, 500), 'big.png', 'image/png');
    expect((await upload(tok, mp.body, mp.contentType)).json().code).toBe(714);
    expect((await call(s, 'GET', '/sp/user/profile', tok)).data.avatar).toBe(before);
    expect((await s.app.inject({ method: 'GET', url: '/sp/files/avatar/..%2F..%2Fetc%2Fpasswd' })).json().code).toBe(808);
  });
});
