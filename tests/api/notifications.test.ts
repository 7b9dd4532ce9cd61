/**
 * The bell's API: notices stored as data and read in the caller's language (no raw catalogue
 * code), repeats of one notice for the same card or device as one row with a count, true counts
 * per tab beyond the first page, paging, unread state per account (read by id, mark all read, a
 * repeat makes it unread again), company scope; and the migration that turns the old English
 * sentences into kinds and params.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../../server/db/client.js';
import { recordNotice } from '../../server/modules/notifications/notices.js';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { call, type Tenants, tenantServer } from '../support/tenants.js';

interface Item {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  content: string;
  count: number;
  read: boolean;
  systemNotificationType: string;
  lastTimeStamp: string;
  createTimeStamp: string;
}
interface Summary {
  all: { total: number; unread: number };
  events: { total: number; unread: number };
  problems: { total: number; unread: number };
}

async function get(s: TestServer, url: string, token: string, lang: 'en' | 'zh' = 'en') {
  const res = await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, cookie: `language=${lang}` } });
  return res.json() as { code: number; data: unknown };
}

describe.each(backends())('bell notices on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;
  beforeAll(async () => {
    ({ s, t } = await tenantServer(backend));
    const db = s.database.db;
    const day = new Date();
    // 60 unpaid orders of one card today: one problem with a count of 60.
    for (let i = 1; i <= 60; i++) {
      await recordNotice(db, {
        companyCode: t.a.code,
        notice: { kind: 'ORDER_UNPAID', params: { orderNo: `A-${i}`, code: 721, cardNumber: 'CARD-1' } },
        serialNum: 'SN-1',
        eventStatus: 'HAPPENING',
        at: new Date(day.getTime() - (60 - i) * 1000),
      });
    }
    // 70 different chargers offline: 70 events, more than one page.
    for (let i = 1; i <= 70; i++) {
      await recordNotice(db, {
        companyCode: t.a.code,
        notice: { kind: 'DEVICE_OFFLINE', params: { device: 'charger', serialNum: `SN-${i}` } },
        serialNum: `SN-${i}`,
        eventStatus: 'HAPPENING',
      });
    }
    await recordNotice(db, {
      companyCode: t.a.code,
      notice: { kind: 'CARD_REJECTED', params: { idTag: 'CARD-9', serialNum: 'SN-2', status: 'Blocked' } },
      serialNum: 'SN-2',
    });
    await recordNotice(db, {
      companyCode: t.b.code,
      notice: { kind: 'FAULT', params: { serialNum: 'B-1', connectorId: 1, errorCode: 'GroundFailure' } },
      serialNum: 'B-1',
      eventStatus: 'HAPPENING',
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it("an unpaid order is one problem per card and day, in the reader's language without the raw code", async () => {
    const en = (await get(s, '/sp/notifications?tab=problems', t.a.adminToken)).data as Item[];
    const unpaid = en.filter((n) => n.kind === 'ORDER_UNPAID');
    expect(unpaid).toHaveLength(1);
    expect(unpaid[0]).toMatchObject({ count: 60, params: { orderNo: 'A-60', code: 721, cardNumber: 'CARD-1' } });
    expect(unpaid[0].content).toBe('Card CARD-1 order unpaid: Insufficient balance (order A-60)');
    expect(unpaid[0].lastTimeStamp > unpaid[0].createTimeStamp).toBe(true);
    const zh = (await get(s, '/sp/notifications?tab=problems', t.a.adminToken, 'zh')).data as Item[];
    const zhUnpaid = zh.find((n) => n.kind === 'ORDER_UNPAID')!;
    expect(zhUnpaid.content).toContain('余额不足');
    expect(zhUnpaid.content).not.toContain('721');
    expect(zh.find((n) => n.kind === 'CARD_REJECTED')?.content).toBe('卡 CARD-9 在充电桩 SN-2 未被接受：已停用或余额不足');
  });

  it('counts per tab are true beyond the first page, and pages reach every notice', async () => {
    const summary = (await get(s, '/sp/notifications/summary', t.a.adminToken)).data as Summary;
    expect(summary).toEqual({ all: { total: 72, unread: 72 }, events: { total: 70, unread: 70 }, problems: { total: 2, unread: 2 } });
    const first = (await get(s, '/sp/notifications', t.a.adminToken)).data as Item[];
    expect(first).toHaveLength(50);
    const second = (await get(s, '/sp/notifications?page=2&size=50', t.a.adminToken)).data as Item[];
    expect(second).toHaveLength(22);
    expect(new Set([...first, ...second].map((n) => n.id)).size).toBe(72);
    const events = (await get(s, '/sp/notifications?tab=events&size=100', t.a.adminToken)).data as Item[];
    expect(events.every((n) => n.kind === 'DEVICE_OFFLINE' && n.systemNotificationType === 'EVENT')).toBe(true);
    expect((await get(s, '/sp/notifications?tab=nope', t.a.adminToken)).code).toBe(400);
  });

  it('unread state is per account: read by id, a repeat makes it unread again, mark all read', async () => {
    const [unpaid] = ((await get(s, '/sp/notifications?tab=problems', t.a.adminToken)).data as Item[]).filter((n) => n.kind === 'ORDER_UNPAID');
    const afterOne = await call(s, 'POST', '/sp/notifications/read', t.a.adminToken, { ids: [unpaid.id] });
    expect(afterOne.code).toBe(200);
    expect(afterOne.data.problems).toEqual({ total: 2, unread: 1 });
    expect(((await get(s, '/sp/notifications?tab=problems', t.a.adminToken)).data as Item[]).find((n) => n.id === unpaid.id)?.read).toBe(true);
    // Another account of the same company still has it unread.
    const other = (await get(s, '/sp/notifications/summary', t.staff.token)).data as Summary;
    expect(other.problems.unread).toBe(2);
    // The same card is unpaid again today: same row, count 61, unread again.
    await recordNotice(s.database.db, {
      companyCode: t.a.code,
      notice: { kind: 'ORDER_UNPAID', params: { orderNo: 'A-61', code: 721, cardNumber: 'CARD-1' } },
    });
    const again = ((await get(s, '/sp/notifications?tab=problems', t.a.adminToken)).data as Item[]).find((n) => n.id === unpaid.id)!;
    expect(again).toMatchObject({ count: 61, read: false });
    const all = await call(s, 'POST', '/sp/notifications/read', t.a.adminToken, { all: true });
    expect(all.data).toEqual({ all: { total: 72, unread: 0 }, events: { total: 70, unread: 0 }, problems: { total: 2, unread: 0 } });
    expect((await call(s, 'POST', '/sp/notifications/read', t.a.adminToken, { ids: [] })).code).toBe(400);
    expect((await call(s, 'POST', '/sp/notifications/read', t.a.adminToken, { all: 'yes' })).code).toBe(400);
  });

  it("a company sees only its own notices, and cannot mark another company's", async () => {
    const b = (await get(s, '/sp/notifications', t.b.adminToken, 'zh')).data as Item[];
    expect(b).toHaveLength(1);
    expect(b[0].content).toBe('充电桩 B-1 1 号枪故障：接地故障');
    const [aItem] = (await get(s, '/sp/notifications', t.a.adminToken)).data as Item[];
    await call(s, 'POST', '/sp/notifications/read', t.b.adminToken, { ids: [aItem.id] });
    const bSummary = (await get(s, '/sp/notifications/summary', t.b.adminToken)).data as Summary;
    expect(bSummary.all).toEqual({ total: 1, unread: 1 });
  });
});

describe('migration of stored sentences to notices', () => {
  it('turns offline, fault, settlement and ticket sentences into kinds and params, and folds repeats', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-notice-mig-'));
    try {
      // The migrations up to the one before notices became data.
      fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      const journalFile = path.join(dir, 'meta', '_journal.json');
      const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
      const upto = journal.entries.findIndex((e) => e.tag.endsWith('notices_as_data'));
      fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upto) }));
      const client = new PGlite('memory://');
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: dir });
      await client.exec(`
        INSERT INTO company (code, name, currency) VALUES ('OLD', 'Old Co', 'EUR');
        INSERT INTO notification (company_code, system_notification_type, content, serial_num, event_status, created_at) VALUES
          ('OLD', 'EVENT', 'Charger SN1 offline', 'SN1', 'RECOVERED', now() - interval '2 minutes'),
          ('OLD', 'EVENT', 'Charger SN1 offline', 'SN1', 'HAPPENING', now() - interval '1 minute'),
          ('OLD', 'EVENT', 'Gateway GW1 offline', 'GW1', 'HAPPENING', now()),
          ('OLD', 'EVENT', 'Charger SN2 connector 2: GroundFailure', 'SN2', 'HAPPENING', now()),
          ('OLD', 'EVENT', 'Charger SN3: EmergencyStop', 'SN3', 'HAPPENING', now()),
          ('OLD', 'EVENT', 'Order OLD-1: Insufficient balance (721)', 'SN1', 'HAPPENING', now()),
          ('OLD', 'REPORT_TICKET', 'Card not accepted at the charger', NULL, NULL, now()),
          ('OLD', 'EVENT', 'Something else', NULL, NULL, now());
      `);
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
      const { rows } = await client.query<{
        kind: string;
        params: Record<string, unknown>;
        repeat_count: number;
        event_status: string | null;
        group_key: string | null;
      }>('SELECT kind, params, repeat_count, event_status, group_key FROM notification ORDER BY id');
      await client.close();
      expect(rows.map((r) => [r.kind, r.params, r.repeat_count])).toEqual([
        ['DEVICE_OFFLINE', { device: 'charger', serialNum: 'SN1' }, 2],
        ['DEVICE_OFFLINE', { device: 'gateway', serialNum: 'GW1' }, 1],
        ['FAULT', { serialNum: 'SN2', connectorId: 2, errorCode: 'GroundFailure' }, 1],
        ['FAULT', { serialNum: 'SN3', connectorId: 0, errorCode: 'EmergencyStop' }, 1],
        ['ORDER_UNPAID', { orderNo: 'OLD-1', code: 721, cardNumber: null }, 1],
        ['REPORT_TICKET', { subject: 'Card not accepted at the charger' }, 1],
        ['TEXT', { text: 'Something else' }, 1],
      ]);
      // The newest repeat's status stays.
      expect(rows[0].event_status).toBe('HAPPENING');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
