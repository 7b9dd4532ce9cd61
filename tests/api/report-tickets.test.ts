/**
 * Report tickets (requirements R2.11, R3.17, §14): the charging app's intake as an app user (745
 * without a valid app token or for a deactivated user; 622 empty subject; 714 an image that is not
 * JPG/PNG by content or above 2 MB; 744 more than 5 images; nothing stored when refused), the
 * REPORT_TICKET notice of the bell for the user's company (Problems tab, linking by ticket
 * number, seen by a station manager too), the console list (`?serialNum=`, filters, sort, paging)
 * and detail with the image served back with auth, company scope across two operators (709 /
 * 725), the reply e-mailed once to the reporter in their language through a real SMTP server
 * (smtp-server), the new ticket e-mailed to the accounts whose settings ask for it, and close (743 after).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import type { SMTPServer } from 'smtp-server';
import { closeSmtp, smtp, until, type Received } from '../support/smtp.js';
import { call, setupTenants, type Tenants } from '../support/tenants.js';
import { companyUser } from '../support/assets.js';
import { jpg, png } from '../support/images.js';
import { account, appUser, mailOutbox, notification, reportTicket, role, storedFile } from '../../server/db/schema.js';
import { hashPassword } from '../../server/auth/password.js';
import { PERMISSIONS } from '../../domain/permissions.js';

const b64 = (b: Buffer) => b.toString('base64');

describe.each(backends())('report tickets on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  let smtpServer: SMTPServer;
  const box: Received[] = [];
  let alphaUser: number;
  let betaUser: number;
  let appToken: string;
  let betaToken: string;
  let clerk: string;
  let manager: string;
  let deskRole: number;

  /** `method /app/...` with an app token. */
  const app = async (method: 'GET' | 'POST', url: string, token: string | undefined, payload?: unknown, lang = 'en') => {
    const res = await s.app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'accept-language': lang },
      ...(payload ? { payload: payload as object } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field
    const body = res.json() as { code: number; msg: string; data: any };
    return { status: res.statusCode, ...body };
  };
  const ticketCount = async () => (await s.database.db.select().from(reportTicket)).length;

  beforeAll(async () => {
    const { server, port } = await smtp(box);
    smtpServer = server;
    s = await build(backend, { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'ChargeDesk <ops@chargedesk.test>', mailPollMs: 100, mailRetryBaseMs: 200 });
    t = await setupTenants(s);
    const db = s.database.db;
    const users = await db
      .insert(appUser)
      .values([
        { companyCode: 'ALPHA', nickname: 'li.wei', email: 'li.wei@driver.test', idTag: 'APPALPHA0001' },
        { companyCode: 'BETA', nickname: 'anna', email: 'anna@driver.test', idTag: 'APPBETA0001' },
        { companyCode: 'ALPHA', nickname: 'gone', email: 'gone@driver.test', idTag: 'APPALPHA0002', active: false },
      ])
      .returning();
    [alphaUser, betaUser] = [users[0].id, users[1].id];
    clerk = await companyUser(s, 'ALPHA', [PERMISSIONS.reportTickets]);
    // A station manager of ALPHA holding the report tickets menu: tickets are company-wide.
    const [r] = await db
      .insert(role)
      .values({ name: 'Site tickets', code: 'ALPHA_SITE_T', companyCode: 'ALPHA', permissions: [PERMISSIONS.reportTickets] })
      .returning();
    await db.insert(account).values({
      username: 'alpha.site.t',
      userType: 'STATION_MANAGER',
      companyCode: 'ALPHA',
      roleId: r.id,
      managedStationIds: [t.a.stationId],
      passwordHash: await hashPassword('Passw0rd-1'),
    });
    manager = await s.login('alpha.site.t', 'Passw0rd-1');
    // Operator accounts asking for report tickets by e-mail (ALPHA, in Chinese) and for faults only (no ticket mail).
    const pref = (emails: string[], events: string[]) => ({ enabled: true, method: 'EMAIL', emails, events, ignoreHeartbeat: true, language: 'zh' });
    // Only accounts whose menus show report tickets are told (one that asked without the menu is not).
    const [desk] = await db
      .insert(role)
      .values({
        name: 'Desk',
        code: 'ALPHA_DESK',
        companyCode: 'ALPHA',
        permissions: [PERMISSIONS.reportTickets, PERMISSIONS.events.section, PERMISSIONS.events.events],
      })
      .returning();
    const [eventsOnly] = await db
      .insert(role)
      .values({ name: 'Events only', code: 'ALPHA_EVENTS', companyCode: 'ALPHA', permissions: [PERMISSIONS.events.section, PERMISSIONS.events.events] })
      .returning();
    deskRole = desk.id;
    await db.insert(account).values([
      {
        username: 'alpha.desk',
        userType: 'STAFF',
        companyCode: 'ALPHA',
        roleId: desk.id,
        passwordHash: await hashPassword('Passw0rd-1'),
        notificationPreference: pref(['desk@alpha.test'], ['REPORT_TICKET']),
      },
      {
        username: 'alpha.faults',
        userType: 'STAFF',
        companyCode: 'ALPHA',
        roleId: desk.id,
        passwordHash: await hashPassword('Passw0rd-1'),
        notificationPreference: pref(['faults@alpha.test'], ['FAULT']),
      },
      {
        username: 'alpha.nomenu',
        userType: 'STAFF',
        companyCode: 'ALPHA',
        roleId: eventsOnly.id,
        passwordHash: await hashPassword('Passw0rd-1'),
        notificationPreference: pref(['nomenu@alpha.test'], ['REPORT_TICKET', 'FAULT']),
      },
    ]);
    const token = async (id: number, by: string) => (await call(s, 'POST', `/sp/app-user/${id}/app-token`, by)).data.token as string;
    appToken = await token(alphaUser, t.a.adminToken);
    betaToken = await token(betaUser, t.b.adminToken);
    const goneToken = await call(s, 'POST', `/sp/app-user/${users[2].id}/app-token`, t.a.adminToken);
    expect(goneToken.code).toBe(200);
    expect((await app('POST', '/app/report-ticket', goneToken.data.token, { subject: 'x', message: 'y' })).code).toBe(745);
  });
  afterAll(async () => {
    await s?.close();
    await closeSmtp(smtpServer);
  });

  it("issues app tokens only for the caller's own company (725) and known users (803)", async () => {
    expect((await call(s, 'POST', `/sp/app-user/${betaUser}/app-token`, t.a.adminToken)).code).toBe(725);
    expect((await call(s, 'POST', '/sp/app-user/999999/app-token', t.a.adminToken)).code).toBe(803);
    expect((await call(s, 'POST', `/sp/app-user/${alphaUser}/app-token`, t.staff.token)).status).toBe(403);
  });

  it('refuses the intake without a valid app token (745), and a console token is not an app token', async () => {
    expect(await app('POST', '/app/report-ticket', undefined, { subject: 'a', message: 'b' })).toMatchObject({ status: 401, code: 745 });
    expect((await app('POST', '/app/report-ticket', 'not-a-token', { subject: 'a', message: 'b' })).code).toBe(745);
    expect((await app('POST', '/app/report-ticket', t.a.adminToken, { subject: 'a', message: 'b' })).code).toBe(745);
    expect(await ticketCount()).toBe(0);
  });

  it('checks the images like the avatar: type by content (714), size (714), count (744); nothing is stored', async () => {
    const files = async () => (await s.database.db.select().from(storedFile)).length;
    const before = await files();
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const wrongType = await app('POST', '/app/report-ticket', appToken, {
      subject: 'Cable',
      message: 'Broken',
      attachments: [
        { fileName: 'a.png', data: b64(png(4, 4)) },
        { fileName: 'fake.png', data: b64(gif) },
      ],
    });
    expect(wrongType).toMatchObject({ status: 400, code: 714 });
    expect(wrongType.data.errors).toHaveProperty(['attachments.1']);
    const html = await app('POST', '/app/report-ticket', appToken, {
      subject: 'Cable',
      message: 'Broken',
      attachments: [{ fileName: 'x.jpg', data: b64(Buffer.from('<html>hello</html>')) }],
    });
    expect(html.code).toBe(714);
    const big = await app('POST', '/app/report-ticket', appToken, {
      subject: 'Cable',
      message: 'Broken',
      attachments: [{ fileName: 'big.png', data: b64(png(8, 8, 2 * 1024 * 1024 + 10)) }],
    });
    expect(big.code).toBe(714);
    const many = await app('POST', '/app/report-ticket', appToken, {
      subject: 'Cable',
      message: 'Broken',
      attachments: Array.from({ length: 6 }, () => ({ data: b64(png(2, 2)) })),
    });
    expect(many.code).toBe(744);
    const empty = await app('POST', '/app/report-ticket', appToken, { subject: '  ', message: 'Broken' });
    expect(empty.code).toBe(622);
    expect(empty.data.errors).toHaveProperty('subject');
    expect(await ticketCount()).toBe(0);
    expect(await files()).toBe(before);
  });

  let alphaTicket: { id: number; serialNum: string };
  let betaTicket: { id: number; serialNum: string };

  it("takes a ticket with images and makes it a REPORT_TICKET notice of the company's bell", async () => {
    const res = await app(
      'POST',
      '/app/report-ticket',
      appToken,
      {
        subject: '充电枪锁不住',
        message: '3 号桩的枪头插上后一直解锁。',
        attachments: [
          { fileName: 'gun.png', data: b64(png(640, 480)) },
          { fileName: 'photo', data: b64(jpg(640, 480)) },
        ],
      },
      'zh-CN,zh;q=0.9',
    );
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ subject: '充电枪锁不住', status: 'OPEN', attachmentCount: 2 });
    expect(res.data.serialNum).toMatch(/^RT\d{14}$/);
    const b = await app('POST', '/app/report-ticket', betaToken, { subject: 'Card reader dead', message: 'At Beta Central.' });
    expect(b.code).toBe(200);
    const db = s.database.db;
    const [row] = await db.select().from(reportTicket).where(eq(reportTicket.serialNum, res.data.serialNum));
    expect(row).toMatchObject({ companyCode: 'ALPHA', appUserId: alphaUser, nickname: 'li.wei', email: 'li.wei@driver.test', language: 'zh' });
    alphaTicket = { id: row.id, serialNum: row.serialNum };
    const [brow] = await db.select().from(reportTicket).where(eq(reportTicket.serialNum, b.data.serialNum));
    betaTicket = { id: brow.id, serialNum: brow.serialNum };

    const notices = await db.select().from(notification).where(eq(notification.ticketNo, alphaTicket.serialNum));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ companyCode: 'ALPHA', systemNotificationType: 'REPORT_TICKET', kind: 'REPORT_TICKET', userName: 'li.wei' });
    // In the Problems tab of ALPHA, in the reader's language; not in BETA's bell; seen by a station manager of ALPHA.
    const bell = await call(s, 'GET', '/sp/notifications?tab=problems', t.a.adminToken);
    const mine = bell.data.find((n: { ticketNo: string }) => n.ticketNo === alphaTicket.serialNum);
    expect(mine).toMatchObject({ systemNotificationType: 'REPORT_TICKET', content: 'Report ticket from li.wei: 充电枪锁不住', read: false });
    const beta = await call(s, 'GET', '/sp/notifications?tab=all', t.b.adminToken);
    expect(beta.data.map((n: { ticketNo: string }) => n.ticketNo)).toEqual([betaTicket.serialNum]);
    const site = await call(s, 'GET', '/sp/notifications?tab=problems', manager);
    expect(site.data.map((n: { ticketNo: string }) => n.ticketNo)).toContain(alphaTicket.serialNum);
    // The accounts that asked for report tickets by e-mail and may see them are told, in their language; BETA's ticket is not theirs.
    const told = await db.select().from(mailOutbox);
    expect(told.map((m) => m.to)).toEqual(['desk@alpha.test']);
    expect(told[0].subject).toBe(`[ChargeDesk] 新工单 ${alphaTicket.serialNum}：充电枪锁不住`);
    // The app sees its own tickets only.
    const own = await app('GET', '/app/report-ticket', appToken);
    expect(own.data.map((x: { serialNum: string }) => x.serialNum)).toEqual([alphaTicket.serialNum]);
  });

  it("lists tickets in the caller's company, by ticket number (?serialNum=), status, search, sort and page", async () => {
    const db = s.database.db;
    // Two more of ALPHA, older, for paging and sorting.
    for (const [i, subject] of ['Display blank', 'Wrong price'].entries()) {
      await db.insert(reportTicket).values({
        serialNum: `RT2024010100000${i}`,
        companyCode: 'ALPHA',
        nickname: 'old',
        email: 'old@driver.test',
        subject,
        message: 'm',
        createdAt: new Date(Date.UTC(2024, 0, 1 + i)),
      });
    }
    const all = await call(s, 'GET', '/sp/report-ticket', clerk);
    expect(all.data.total).toBe(3);
    expect(all.data.records[0].serialNum).toBe(alphaTicket.serialNum); // newest first
    expect(all.data.records.map((r: { companyCode: string }) => r.companyCode)).toEqual(['ALPHA', 'ALPHA', 'ALPHA']);
    const bySn = await call(s, 'GET', `/sp/report-ticket?serialNum=${alphaTicket.serialNum}`, clerk);
    expect(bySn.data.records).toHaveLength(1);
    expect(bySn.data.records[0]).toMatchObject({
      serialNum: alphaTicket.serialNum,
      nickname: 'li.wei',
      email: 'li.wei@driver.test',
      status: 'OPEN',
      companyName: 'ALPHA Charging Ltd',
    });
    expect(bySn.data.records[0].attachments).toHaveLength(2);
    expect(bySn.data.records[0].attachments[0]).toMatchObject({ fileName: 'gun.png', contentType: 'image/png', width: 640, height: 480 });
    expect(bySn.data.records[0].attachments[1]).toMatchObject({ fileName: 'photo.jpg', contentType: 'image/jpeg', width: 640, height: 480 });
    expect((await call(s, 'GET', `/sp/report-ticket?serialNum=${betaTicket.serialNum}`, clerk)).data.total).toBe(0);
    const sorted = await call(s, 'GET', '/sp/report-ticket?sort=subject&order=asc&page=1&size=2', clerk);
    expect(sorted.data.total).toBe(3);
    expect(sorted.data.records.map((r: { subject: string }) => r.subject)).toEqual(['Display blank', 'Wrong price']);
    const page2 = await call(s, 'GET', '/sp/report-ticket?sort=subject&order=asc&page=2&size=2', clerk);
    expect(page2.data.records.map((r: { subject: string }) => r.subject)).toEqual(['充电枪锁不住']);
    expect((await call(s, 'GET', '/sp/report-ticket?q=price', clerk)).data.total).toBe(1);
    expect((await call(s, 'GET', '/sp/report-ticket?status=CLOSED', clerk)).data.total).toBe(0);
    expect((await call(s, 'GET', '/sp/report-ticket?sort=__proto__', clerk)).code).toBe(400);
    // A station manager with the menu sees the company's tickets; the administrator sees both companies'.
    expect((await call(s, 'GET', '/sp/report-ticket', manager)).data.total).toBe(3);
    expect((await call(s, 'GET', '/sp/report-ticket', t.admin)).data.total).toBe(4);
  });

  it("keeps each company to its own tickets: 709 to read, 725 to change another company's, 403 without the menu", async () => {
    expect((await call(s, 'GET', '/sp/report-ticket?companyCode=BETA', clerk)).code).toBe(709);
    expect((await call(s, 'GET', `/sp/report-ticket/${betaTicket.id}`, clerk)).code).toBe(709);
    expect((await call(s, 'GET', `/sp/report-ticket/${alphaTicket.id}`, t.b.adminToken)).code).toBe(709);
    expect((await call(s, 'POST', `/sp/report-ticket/${alphaTicket.id}/reply`, t.b.adminToken, { replyText: 'hi' })).code).toBe(725);
    expect((await call(s, 'POST', `/sp/report-ticket/${alphaTicket.id}/close`, t.b.adminToken)).code).toBe(725);
    expect((await call(s, 'GET', '/sp/report-ticket', t.staff.token)).status).toBe(403);
    expect((await call(s, 'GET', '/sp/report-ticket/999999', clerk)).code).toBe(815);
    const [row] = await s.database.db.select().from(reportTicket).where(eq(reportTicket.id, alphaTicket.id));
    expect(row.status).toBe('OPEN');
  });

  it('serves the images back with auth and scope', async () => {
    const detail = await call(s, 'GET', `/sp/report-ticket/${alphaTicket.id}`, clerk);
    const [img] = detail.data.attachments as { id: number }[];
    const url = `/sp/report-ticket/${alphaTicket.id}/attachment/${img.id}`;
    const res = await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${clerk}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(png(640, 480).subarray(0, 8));
    expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${t.b.adminToken}` } })).json().code).toBe(709);
    expect(
      (
        await s.app.inject({
          method: 'GET',
          url: `/sp/report-ticket/${betaTicket.id}/attachment/${img.id}`,
          headers: { authorization: `Bearer ${t.b.adminToken}` },
        })
      ).json().code,
    ).toBe(815);
  });

  it('e-mails a reply once to the reporter in their language and marks the ticket replied; close ends it (743 after)', async () => {
    expect((await call(s, 'POST', `/sp/report-ticket/${alphaTicket.id}/reply`, clerk, { replyText: '   ' })).code).toBe(623);
    const replied = await call(s, 'POST', `/sp/report-ticket/${alphaTicket.id}/reply`, clerk, { replyText: '已派维护人员处理，今天修好。' });
    expect(replied.code).toBe(200);
    expect(replied.data).toMatchObject({ status: 'REPLIED', replyText: '已派维护人员处理，今天修好。' });
    expect(replied.data.replyTime).toBeTruthy();
    const toReporter = () => box.filter((m) => m.to.includes('li.wei@driver.test'));
    await until(() => toReporter().length >= 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(toReporter()).toHaveLength(1);
    expect(toReporter()[0].to).toEqual(['li.wei@driver.test']);
    const [mail] = await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'li.wei@driver.test'));
    expect(mail.language).toBe('zh');
    expect(mail.subject).toContain(alphaTicket.serialNum);
    expect(mail.subject).toContain('已回复');
    expect(mail.text).toContain('已派维护人员处理，今天修好。');

    const closed = await call(s, 'POST', `/sp/report-ticket/${alphaTicket.id}/close`, clerk);
    expect(closed.data).toMatchObject({ status: 'CLOSED' });
    expect((await call(s, 'POST', `/sp/report-ticket/${alphaTicket.id}/close`, clerk)).code).toBe(743);
    expect((await call(s, 'POST', `/sp/report-ticket/${alphaTicket.id}/reply`, clerk, { replyText: 'again' })).code).toBe(743);
    expect((await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'li.wei@driver.test'))).length).toBe(1);
    // The app sees the reply and the status.
    const own = await app('GET', '/app/report-ticket', appToken);
    expect(own.data[0]).toMatchObject({ status: 'CLOSED', replyText: '已派维护人员处理，今天修好。' });
  });

  it('stops the new-ticket mails of an account whose report tickets menu was taken away after it opted in', async () => {
    const db = s.database.db;
    const toDesk = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'desk@alpha.test'))).length;
    const before = await toDesk();
    await db
      .update(role)
      .set({ permissions: [PERMISSIONS.events.section, PERMISSIONS.events.events] })
      .where(eq(role.id, deskRole));
    try {
      expect((await app('POST', '/app/report-ticket', appToken, { subject: 'Screen dark', message: 'No display at all.' })).code).toBe(200);
      expect(await toDesk()).toBe(before);
      expect((await db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nomenu@alpha.test'))).length).toBe(0);
    } finally {
      await db
        .update(role)
        .set({ permissions: [PERMISSIONS.reportTickets, PERMISSIONS.events.section, PERMISSIONS.events.events] })
        .where(eq(role.id, deskRole));
    }
  });
});
