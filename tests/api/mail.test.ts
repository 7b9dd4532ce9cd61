/**
 * E-mail notices through a real SMTP server (smtp-server, started here on 127.0.0.1): an opened
 * event sends one mail per recipient — the accounts that asked for e-mail and the station's
 * recipients — each in its language; an event processed or ignored through the API is mailed to the
 * accounts whose settings list processed events and to the station's recipients, in English and
 * Chinese; a mail queued while the SMTP server is down is delivered
 * once it is up again (the outbox keeps it, with the error, and retries); without SMTP_URL mail
 * waits and /sp/mail/status says mail is off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { build, type TestServer } from '../support/app.js';
import type { SMTPServer } from 'smtp-server';
import { closeSmtp, smtp, until, type Received } from '../support/smtp.js';
import { aNetwork } from '../support/builders.js';
import { account, event, mailOutbox, role, station } from '../../server/db/schema.js';
import { PERMISSIONS } from '../../domain/permissions.js';
import { hashPassword } from '../../server/auth/password.js';
import { queueMail } from '../../server/modules/mail/outbox.js';

/** The decoded subject of a raw message (RFC 2047 words, UTF-8, B or Q). */
const subjectOf = (raw: string) => {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return line
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s?/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeURIComponent(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, '%$1')),
    );
};

describe('e-mail notices', () => {
  const box: Received[] = [];
  let smtpServer: SMTPServer;
  let port: number;
  let s: TestServer;
  let net: Awaited<ReturnType<typeof aNetwork>>;
  /** Roles of the company: one showing the events page, one without it. */
  let ops: number;
  let noEvents: number;

  beforeAll(async () => {
    ({ server: smtpServer, port } = await smtp(box));
    s = await build('pglite', { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'ChargeDesk <ops@chargedesk.test>', mailPollMs: 100, mailRetryBaseMs: 200 });
    net = await aNetwork(s.database.db);
    const pref = (emails: string[], language: 'en' | 'zh', events = ['FAULT']) => ({
      enabled: true,
      method: 'EMAIL',
      emails,
      events,
      ignoreHeartbeat: true,
      language,
    });
    const roles = await s.database.db
      .insert(role)
      .values([
        { name: 'Ops', code: 'OPS_EVENTS', companyCode: net.company.code, permissions: [PERMISSIONS.events.section, PERMISSIONS.events.events] },
        { name: 'Stations', code: 'OPS_STATIONS', companyCode: net.company.code, permissions: [PERMISSIONS.stations.section, PERMISSIONS.stations.profile] },
      ])
      .returning();
    [ops, noEvents] = [roles[0].id, roles[1].id];
    await s.database.db.insert(account).values([
      {
        companyCode: net.company.code,
        username: 'ops.en',
        userType: 'STAFF',
        roleId: ops,
        passwordHash: await hashPassword('pw-123456'),
        email: 'en@ops.test',
        notificationPreference: pref(['en@ops.test'], 'en'),
      },
      {
        companyCode: net.company.code,
        username: 'ops.zh',
        userType: 'STAFF',
        roleId: ops,
        passwordHash: await hashPassword('pw-123456'),
        email: 'zh@ops.test',
        notificationPreference: pref(['zh@ops.test'], 'zh'),
      },
      // in-app only, and one who asked for offline notices only: no mail for a fault
      {
        companyCode: net.company.code,
        username: 'ops.app',
        userType: 'STAFF',
        roleId: ops,
        passwordHash: await hashPassword('pw-123456'),
        notificationPreference: { ...pref(['app@ops.test'], 'en'), method: 'IN_APP' },
      },
      {
        companyCode: net.company.code,
        username: 'ops.off',
        userType: 'STAFF',
        roleId: ops,
        passwordHash: await hashPassword('pw-123456'),
        notificationPreference: pref(['off@ops.test'], 'en', ['OFFLINE']),
      },
      // asked for faults by e-mail, but its menus do not show events: no mail
      {
        companyCode: net.company.code,
        username: 'ops.blind',
        userType: 'STAFF',
        roleId: noEvents,
        passwordHash: await hashPassword('pw-123456'),
        notificationPreference: pref(['blind@ops.test'], 'en'),
      },
    ]);
    // the station's recipients: one is the Chinese-speaking account's address (once only), one a stranger (English)
    await s.database.db.update(station).set({ notifyEnabled: true, notifyRecipients: 'zh@ops.test, site@station.test' }).where(eq(station.id, net.station.id));
  });
  afterAll(async () => {
    await s?.close();
    await closeSmtp(smtpServer);
  });

  it("sends one mail per recipient of an opened event, in the recipient's language", async () => {
    const [ev] = await s.database.db
      .insert(event)
      .values({
        companyCode: net.company.code,
        stationId: net.station.id,
        deviceSn: net.charger.serialNum,
        deviceType: 'charger',
        eventType: 'OVER_VOLTAGE',
        eventLevel: 'fault',
        connectorId: 1,
      })
      .returning();
    s.app.bus.emit('event', { eventId: ev.id, companyCode: net.company.code, stationId: net.station.id, change: 'opened' });
    // the bus of another node brings the same change again: still one mail each
    s.app.bus.emit('event', { eventId: ev.id, companyCode: net.company.code, stationId: net.station.id, change: 'opened' });
    await until(() => box.length >= 3);
    await new Promise((r) => setTimeout(r, 500));
    expect(box.map((m) => m.to.join()).sort()).toEqual(['en@ops.test', 'site@station.test', 'zh@ops.test']);
    const subject = (to: string) => subjectOf(box.find((m) => m.to.includes(to))!.raw);
    expect(subject('en@ops.test')).toContain(`New event: Over-voltage · ${net.charger.serialNum}`);
    expect(subject('site@station.test')).toContain('New event: Over-voltage');
    expect(subject('zh@ops.test')).toContain(`新事件: 过压 · ${net.charger.serialNum}`);
    expect(box.find((m) => m.to.includes('en@ops.test'))!.raw).toMatch(/From: ChargeDesk <ops@chargedesk\.test>/);
    // each is counted as the event's company's mail (/sp/mail/status)
    const rows = await s.database.db.select({ companyCode: mailOutbox.companyCode }).from(mailOutbox);
    expect(rows.map((r) => r.companyCode)).toEqual([net.company.code, net.company.code, net.company.code]);
  });

  it('keeps mail while the SMTP server is down and delivers it when it is back', async () => {
    await closeSmtp(smtpServer);
    const before = box.length;
    const id = await queueMail(s.database.db, { to: 'late@ops.test', language: 'en', subject: 'Held back', text: 'The SMTP server was down.' });
    await until(async () => {
      const [row] = await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
      return row.attempts >= 2 && row.status === 'QUEUED' && !!row.lastError;
    });
    expect(box.length).toBe(before);
    ({ server: smtpServer } = await smtp(box, port));
    await until(() => box.some((m) => m.to.includes('late@ops.test')), 30_000);
    const [row] = await s.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id!));
    expect(row).toMatchObject({ status: 'SENT' });
  });

  it('mails a processed and an ignored event to those whose settings ask for it, one mail each, in their language', async () => {
    const pref = (emails: string[], language: 'en' | 'zh', events: string[]) => ({
      enabled: true,
      method: 'BOTH',
      emails,
      events,
      ignoreHeartbeat: false,
      language,
    });
    await s.database.db.insert(account).values([
      {
        companyCode: net.company.code,
        username: 'done.en',
        userType: 'STAFF',
        roleId: ops,
        passwordHash: await hashPassword('pw-123456'),
        email: 'done-en@ops.test',
        notificationPreference: pref(['done-en@ops.test'], 'en', ['PROCESSED']),
      },
      {
        companyCode: net.company.code,
        username: 'done.zh',
        userType: 'STAFF',
        roleId: ops,
        passwordHash: await hashPassword('pw-123456'),
        email: 'done-zh@ops.test',
        notificationPreference: pref(['done-zh@ops.test'], 'zh', ['PROCESSED', 'FAULT']),
      },
    ]);
    const token = await s.login();
    const events = await s.database.db
      .insert(event)
      .values(
        ['LEAKAGE', 'RELAY_FAULT'].map((eventType) => ({
          companyCode: net.company.code,
          stationId: net.station.id,
          deviceSn: net.charger.serialNum,
          deviceType: 'charger',
          eventType,
          eventLevel: 'fault',
          connectorId: 2,
        })),
      )
      .returning();
    const act = (id: number, action: 'process' | 'ignore') =>
      s.app.inject({
        method: 'POST',
        url: `/sp/event/${id}/${action}`,
        headers: { authorization: `Bearer ${token}` },
        payload: action === 'process' ? { handleMethod: 'RCD reset' } : {},
      });
    for (const [ev, action, en, zh] of [
      [events[0]!, 'process', 'Event processed: Leakage', '事件已处理: 漏电'],
      [events[1]!, 'ignore', 'Event ignored: Relay fault', '事件已忽略: 继电器故障'],
    ] as const) {
      const before = box.length;
      expect((await act(ev.id, action)).json().code).toBe(200);
      // The settings asking for processed events, and the station's recipients (every change); not those asking for faults only.
      await until(() => box.length >= before + 4);
      await new Promise((r) => setTimeout(r, 500));
      const mails = box.slice(before);
      expect(mails.map((m) => m.to.join()).sort()).toEqual(['done-en@ops.test', 'done-zh@ops.test', 'site@station.test', 'zh@ops.test']);
      const subject = (to: string) => subjectOf(mails.find((m) => m.to.includes(to))!.raw);
      expect(subject('done-en@ops.test')).toContain(en);
      expect(subject('site@station.test')).toContain(en);
      expect(subject('done-zh@ops.test')).toContain(zh);
      expect(subject('zh@ops.test')).toContain(zh);
    }
  });

  it('stops the event mails of an account whose events menu was taken away after it opted in', async () => {
    const db = s.database.db;
    const [late] = await db
      .insert(role)
      .values({ name: 'Late', code: 'OPS_LATE', companyCode: net.company.code, permissions: [PERMISSIONS.events.section, PERMISSIONS.events.events] })
      .returning();
    await db.insert(account).values({
      companyCode: net.company.code,
      username: 'ops.late',
      userType: 'STAFF',
      roleId: late.id,
      passwordHash: await hashPassword('pw-123456'),
      notificationPreference: { enabled: true, method: 'EMAIL', emails: ['late-optin@ops.test'], events: ['FAULT'], ignoreHeartbeat: true, language: 'en' },
    });
    let connectorId = 10; // one open event per connector and type: each call opens a new one
    const fault = async () => {
      const [ev] = await db
        .insert(event)
        .values({
          companyCode: net.company.code,
          stationId: net.station.id,
          deviceSn: net.charger.serialNum,
          deviceType: 'charger',
          eventType: 'OVER_TEMPERATURE',
          eventLevel: 'fault',
          connectorId: connectorId++,
        })
        .returning();
      const before = box.length;
      s.app.bus.emit('event', { eventId: ev.id, companyCode: net.company.code, stationId: net.station.id, change: 'opened' });
      // en@ops.test is told every time: once it has its mail, every mail of this event is queued
      await until(() => box.slice(before).some((m) => m.to.includes('en@ops.test')));
      await new Promise((r) => setTimeout(r, 500));
      return box.slice(before).map((m) => m.to.join());
    };
    expect(await fault()).toContain('late-optin@ops.test');
    await db
      .update(role)
      .set({ permissions: [PERMISSIONS.stations.section, PERMISSIONS.stations.profile] })
      .where(eq(role.id, late.id));
    const after = await fault();
    expect(after).toContain('en@ops.test');
    expect(after).not.toContain('late-optin@ops.test');
    expect(after).not.toContain('blind@ops.test');
    // a disabled role offers nothing either
    await db
      .update(role)
      .set({ permissions: [PERMISSIONS.events.section, PERMISSIONS.events.events], enabled: false })
      .where(eq(role.id, late.id));
    expect(await fault()).not.toContain('late-optin@ops.test');
  });

  it('says whether mail leaves', async () => {
    const token = await s.login();
    const on = await s.app.inject({ url: '/sp/mail/status', headers: { authorization: `Bearer ${token}` } });
    expect(on.json().data).toMatchObject({ enabled: true, failed: 0 });
    const off = await build('pglite');
    try {
      await queueMail(off.database.db, { to: 'x@ops.test', language: 'zh', subject: 's', text: 't' });
      const res = await off.app.inject({ url: '/sp/mail/status', headers: { authorization: `Bearer ${await off.login()}` } });
      expect(res.json().data).toEqual({ enabled: false, queued: 1, failed: 0 });
    } finally {
      await off.close();
    }
  });

  it('counts for a company user only the mail of their company; an administrator counts all', async () => {
    const off = await build('pglite');
    try {
      const db = off.database.db;
      const [a, b] = [await aNetwork(db), await aNetwork(db)];
      const passwordHash = await hashPassword('pw-123456');
      await db.insert(account).values([a, b].map((n, i) => ({ companyCode: n.company.code, username: `mail.co${i}`, userType: 'STAFF', passwordHash })));
      const mail = { to: 'x@ops.test', language: 'en', subject: 's', text: 't' } as const;
      for (let i = 0; i < 3; i++) await queueMail(db, mail, { companyCode: a.company.code });
      await queueMail(db, mail, { companyCode: b.company.code });
      await queueMail(db, mail); // the platform's own
      await db
        .update(mailOutbox)
        .set({ status: 'FAILED' })
        .where(eq(mailOutbox.id, (await queueMail(db, mail, { companyCode: b.company.code }))!));
      const status = async (token: string) => (await off.app.inject({ url: '/sp/mail/status', headers: { authorization: `Bearer ${token}` } })).json().data;
      expect(await status(await off.login('mail.co0', 'pw-123456'))).toEqual({ enabled: false, queued: 3, failed: 0 });
      expect(await status(await off.login('mail.co1', 'pw-123456'))).toEqual({ enabled: false, queued: 1, failed: 1 });
      expect(await status(await off.login())).toEqual({ enabled: false, queued: 5, failed: 1 });
    } finally {
      await off.close();
    }
  });
});
