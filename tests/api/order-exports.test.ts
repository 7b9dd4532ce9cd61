import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { backends } from '../support/db.js';
import type { TestServer } from '../support/app.js';
import { chargeOrder, orderExportSetting } from '../../server/db/schema.js';
import { EXCEL_COLUMNS, localTime } from '../../server/modules/order-export/labels.js';
import { readFormats, readSheet, type ReadCell } from '../support/xlsx';
import { currencyDigits } from '../../domain/enums.js';
import { PNG_1X1 } from '../support/images';
import { demoServer, getAs } from '../support/demo.js';

const PNG = PNG_1X1;

interface Rec {
  id: number;
  orderNo: string;
  stationName: string | null;
  idTag: string;
  chargerSn: string;
  connectorId: number;
  energyKwh: string;
  totalAmount: string;
  electricityFee: string;
  serviceFee: string;
  taxAmount: string;
  cost: string;
  currency: string;
  paid: boolean;
  status: string;
  chargerStartTime: string;
  userName: string | null;
}

async function pdfText(buf: Buffer): Promise<string> {
  const p = new PDFParse({ data: new Uint8Array(buf) });
  try {
    return (await p.getText()).text;
  } finally {
    await p.destroy();
  }
}

/** The export's rows, as wide as its columns. */
async function sheetRows(buf: Buffer): Promise<ReadCell[][]> {
  return (await readSheet(buf)).map((r) => EXCEL_COLUMNS.map((_, i) => r[i] ?? null));
}

describe.each(backends())('order exports on %s', (backend) => {
  let s: TestServer;
  let admin: string;
  let volta: string;
  let hkev: string;
  /** VOLTA's administrator: company-wide settings are theirs (R6.8). */
  let voltaAdminToken: string;
  const get = (token: string, url: string, headers: Record<string, string> = {}) => getAs(s, token, url, headers);
  /** Every record of the list for `query` (paged through). */
  const listAll = async (token: string, query: string): Promise<Rec[]> => {
    const out: Rec[] = [];
    for (let page = 1; ; page++) {
      const res = await get(token, `/sp/order?${query}&size=500&page=${page}`);
      const body = res.json();
      expect(body.code).toBe(200);
      out.push(...body.data.records);
      if (out.length >= body.data.total) return out;
    }
  };

  beforeAll(async () => {
    ({ s, admin, volta, hkev, voltaAdmin: voltaAdminToken } = await demoServer(backend));
    // Text that a spreadsheet would take for a formula, on one VOLTA order.
    const [first] = await s.database.db
      .select({ id: chargeOrder.id })
      .from(chargeOrder)
      .where(eq(chargeOrder.companyCode, 'VOLTA'))
      .orderBy(chargeOrder.id)
      .limit(1);
    await s.database.db.update(chargeOrder).set({ idTag: '=HYPERLINK("http://x","y")' }).where(eq(chargeOrder.id, first.id));
    // The same after leading whitespace (a tab, blanks) on the next one.
    const [second] = await s.database.db
      .select({ id: chargeOrder.id })
      .from(chargeOrder)
      .where(eq(chargeOrder.companyCode, 'VOLTA'))
      .orderBy(chargeOrder.id)
      .offset(1)
      .limit(1);
    await s.database.db.update(chargeOrder).set({ idTag: ' \t @SUM(A1)' }).where(eq(chargeOrder.id, second.id));
  });
  afterAll(async () => {
    await s?.close();
  });

  it('counts what the list counts for the same filter', async () => {
    const q = 'status=FINISHED&paid=true';
    const list = (await get(volta, `/sp/order?${q}`)).json();
    const res = (await get(volta, `/sp/order/export/count?${q}`)).json();
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ total: list.data.total, max: 50000, pdfMax: 5000 });
    expect(res.data.total).toBeGreaterThan(0);
  });

  it('exports Excel with exactly the list rows, order and values; headers in the caller language', async () => {
    const q = 'companyCode=VOLTA&status=FINISHED&sort=orderNo&order=asc';
    const recs = await listAll(admin, q);
    expect(recs.length).toBeGreaterThan(10);
    const res = await get(admin, `/sp/order/export/excel?${q}`, { 'accept-language': 'zh-CN' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="orders-.*\.xlsx"/);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0][0]).toBe('订单号');
    expect(rows[0][EXCEL_COLUMNS.indexOf('chargerStartTime')]).toBe('充电桩开始时间 (UTC)');
    const body = rows.slice(1);
    expect(body).toHaveLength(recs.length);
    const col = (c: (typeof EXCEL_COLUMNS)[number]) => EXCEL_COLUMNS.indexOf(c);
    body.forEach((row, i) => {
      const r = recs[i];
      expect(row[col('orderNo')]).toBe(r.orderNo);
      expect(row[col('energyKwh')]).toBe(Number(r.energyKwh));
      expect(row[col('totalAmount')]).toBe(Number(r.totalAmount));
      expect(row[col('electricityFee')]).toBe(Number(r.electricityFee));
      expect(row[col('serviceFee')]).toBe(Number(r.serviceFee));
      expect(row[col('currency')]).toBe(r.currency);
      expect(row[col('status')]).toBe('已完成');
      expect(row[col('paid')]).toBe(r.paid ? '是' : '否');
      expect(row[col('chargerStartTime')]).toBe(localTime(r.chargerStartTime, 'UTC'));
      expect(row[col('stationName')]).toBe(r.stationName ?? '');
    });
  });

  it('follows the Time-Zone header and English headers by default', async () => {
    const q = 'companyCode=VOLTA&status=FINISHED&sort=id&order=asc';
    const [first] = await listAll(admin, q);
    const res = await get(admin, `/sp/order/export/excel?${q}&size=1`, { 'time-zone': 'Asia/Shanghai' });
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[0][0]).toBe('Order number');
    expect(rows[0][EXCEL_COLUMNS.indexOf('chargerStartTime')]).toBe('Charger start time (Asia/Shanghai)');
    const utc = new Date(first.chargerStartTime);
    const shanghai = new Date(utc.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(rows[1][EXCEL_COLUMNS.indexOf('chargerStartTime')]).toBe(shanghai);
  });

  it('neutralises cells that a spreadsheet would run as formulas', async () => {
    const res = await get(volta, '/sp/order/export/excel?q=HYPERLINK');
    const rows = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(2);
    expect(rows[1][EXCEL_COLUMNS.indexOf('idTag')]).toBe('\'=HYPERLINK("http://x","y")');
    const spaced = await sheetRows((await get(volta, '/sp/order/export/excel?q=SUM(A1)')).rawPayload);
    expect(spaced).toHaveLength(2);
    expect(spaced[1][EXCEL_COLUMNS.indexOf('idTag')]).toBe("' \t @SUM(A1)");
  });

  it("formats money with the currency's minor digits from domain/enums: none for NO_CURRENCY, JPY and KRW, two for EUR", async () => {
    const currencies = ['NO_CURRENCY', 'JPY', 'KRW', 'EUR'] as const;
    const picked = await s.database.db
      .select({ id: chargeOrder.id, idTag: chargeOrder.idTag, currency: chargeOrder.currency })
      .from(chargeOrder)
      .where(eq(chargeOrder.companyCode, 'VOLTA'))
      .orderBy(chargeOrder.id)
      .offset(2)
      .limit(currencies.length);
    try {
      for (const [i, o] of picked.entries()) {
        await s.database.db
          .update(chargeOrder)
          .set({ currency: currencies[i], idTag: `DIGITS-${currencies[i]}` })
          .where(eq(chargeOrder.id, o.id));
      }
      const res = await get(volta, '/sp/order/export/excel?q=DIGITS-');
      expect(res.statusCode).toBe(200);
      const rows = await sheetRows(res.rawPayload);
      const formats = await readFormats(res.rawPayload);
      expect(rows).toHaveLength(1 + currencies.length);
      const money = (['electricityFee', 'serviceFee', 'cost', 'taxAmount', 'totalAmount'] as const).map((c) => EXCEL_COLUMNS.indexOf(c));
      const seen = new Map<string, (string | null)[]>();
      for (const [i, row] of rows.slice(1).entries()) {
        seen.set(
          String(row[EXCEL_COLUMNS.indexOf('currency')]),
          money.map((c) => formats[i + 1][c]),
        );
      }
      expect([...seen.keys()].sort()).toEqual([...currencies].sort());
      for (const c of currencies) expect(seen.get(c), c).toEqual(money.map(() => (currencyDigits(c) === 0 ? '0' : '0.00')));
      expect(seen.get('NO_CURRENCY')).toEqual(money.map(() => '0'));
    } finally {
      for (const o of picked) await s.database.db.update(chargeOrder).set({ currency: o.currency, idTag: o.idTag }).where(eq(chargeOrder.id, o.id));
    }
  });

  it('keeps company scope: a company user exports only its rows; 709 for another company', async () => {
    const res = await get(hkev, '/sp/order/export/excel');
    const rows = await sheetRows(res.rawPayload);
    const [{ n }] = await s.database.db.select({ n: sql<number>`count(*)::int` }).from(chargeOrder).where(eq(chargeOrder.companyCode, 'HKEV'));
    expect(rows.length - 1).toBe(n);
    for (const url of ['/sp/order/export/excel?companyCode=VOLTA', '/sp/order/export/pdf?companyCode=VOLTA', '/sp/order/export/count?companyCode=VOLTA']) {
      const bad = await get(hkev, url);
      expect(bad.statusCode).toBe(403);
      expect(bad.json().code).toBe(709);
    }
  });

  it('answers 715 for a bad time range and 704 for a size above the maximum', async () => {
    const range = await get(volta, '/sp/order/export/excel?startTime=2024-02-01T00:00:00Z&endTime=2024-01-01T00:00:00Z');
    expect(range.json().code).toBe(715);
    const big = await get(volta, '/sp/order/export/excel?size=50001');
    expect(big.json().code).toBe(704);
    const bigPdf = await get(volta, '/sp/order/export/pdf?size=5001');
    expect(bigPdf.json().code).toBe(704);
  });

  it('exports a PDF list holding the list rows', async () => {
    const q = 'companyCode=VOLTA&status=FINISHED&sort=orderNo&order=asc';
    const recs = (await listAll(admin, q)).slice(0, 60);
    const res = await get(admin, `/sp/order/export/pdf?${q}&size=60`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Orders');
    const found = recs.filter((r) => text.includes(r.orderNo));
    expect(found).toHaveLength(60);
    // The order numbers come in the list's order.
    const positions = recs.map((r) => text.indexOf(r.orderNo));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(text).toContain(recs[0].totalAmount);
    // Not one row more: the 61st order of the list is absent.
    const all = await listAll(admin, q);
    if (all.length > 60) expect(text).not.toContain(all[60].orderNo);
  });

  it('prints Chinese words in a Chinese PDF', async () => {
    const res = await get(volta, '/sp/order/export/pdf?size=5', { cookie: 'language=zh' });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('订单号');
    expect(text).toContain('订单列表');
  });

  describe('tax invoice', () => {
    let paidId: number;
    let paidNo: string;
    let unpaidId: number;

    beforeAll(async () => {
      const paid = (await get(volta, '/sp/order?paid=true&status=FINISHED&size=1')).json().data.records[0];
      paidId = paid.id;
      paidNo = paid.orderNo;
      const [unpaid] = await s.database.db
        .select({ id: chargeOrder.id })
        .from(chargeOrder)
        .where(sql`${chargeOrder.companyCode} = 'VOLTA' and ${chargeOrder.id} <> ${paidId}`)
        .limit(1);
      unpaidId = unpaid.id;
      await s.database.db.update(chargeOrder).set({ paid: false }).where(eq(chargeOrder.id, unpaidId));
      // The demo fills export settings; these tests start from a company without them.
      await s.database.db.delete(orderExportSetting).where(eq(orderExportSetting.companyCode, 'VOLTA'));
    });

    it('answers 813 while the company has no export settings', async () => {
      const res = await get(volta, `/sp/order/${paidId}/invoice`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(813);
    });

    it('renders the invoice with the settings, the titles, the formulas and the amounts', async () => {
      const put = await s.app.inject({
        method: 'PUT',
        url: '/sp/order-export-setting',
        headers: { authorization: `Bearer ${voltaAdminToken}` },
        payload: {
          operatorCompanyName: 'Volta Charging GmbH',
          address: 'Hauptstraße 1\n10115 Berlin',
          logo: `data:image/png;base64,${PNG}`,
          serviceFeeTitle: 'Platform service',
          electricityFeeTitle: 'Energy supplied',
          notes: 'Thank you for charging with us.',
        },
      });
      expect(put.json().code).toBe(200);
      const order = (await get(volta, `/sp/order/${paidId}`)).json().data;
      const res = await get(volta, `/sp/order/${paidId}/invoice`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toContain(`invoice-${paidNo}.pdf`);
      const text = await pdfText(res.rawPayload);
      for (const want of [
        'Tax invoice',
        'Volta Charging GmbH',
        '10115 Berlin',
        paidNo,
        'Energy supplied',
        'Platform service',
        order.totalAmount,
        order.electricityFee,
        order.serviceFee,
        order.taxAmount,
        order.currency,
        `${order.energyKwh} kWh`,
        'Thank you for charging with us.',
      ]) {
        expect(text, want).toContain(want);
      }
      const formulas = order.breakdown?.formulas;
      if (formulas?.serviceFee) expect(text.replace(/\s+/g, ' ')).toContain(formulas.serviceFee.replace(/\s+/g, ' '));
      const zh = await get(volta, `/sp/order/${paidId}/invoice`, { cookie: 'language=zh' });
      expect(await pdfText(zh.rawPayload)).toContain('税务发票');
    });

    it('answers 707 for an unpaid order, 709 for another company, 400 for an unknown id', async () => {
      const unpaid = await get(volta, `/sp/order/${unpaidId}/invoice`);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().code).toBe(707);
      const other = await get(hkev, `/sp/order/${paidId}/invoice`);
      expect(other.json().code).toBe(709);
      const missing = await get(volta, '/sp/order/99999999/invoice');
      expect(missing.json().code).toBe(400);
    });

    it('answers 708 when the invoice cannot be rendered (a damaged stored logo)', async () => {
      await s.database.db
        .update(orderExportSetting)
        .set({ logoData: Buffer.concat([Buffer.from(PNG, 'base64').subarray(0, 8), Buffer.from('broken')]).toString('base64') })
        .where(eq(orderExportSetting.companyCode, 'VOLTA'));
      const res = await get(volta, `/sp/order/${paidId}/invoice`);
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe(708);
    });
  });

  it('answers 710 before streaming when more than 50 000 rows match', async () => {
    const [c] = await s.database.db.select({ chargerId: chargeOrder.chargerId }).from(chargeOrder).limit(1);
    await s.database.db.execute(sql`
      INSERT INTO charge_order (order_no, company_code, charger_id, charger_sn, connector_id, transaction_id, id_tag, id_tag_status,
        charger_start_time, meter_start, status, currency, paid)
      SELECT 'BULK' || g, 'BULK', ${c.chargerId}, 'BULK-SN', 1, 2000000000 - g, 'BULKTAG', 'Accepted',
        timestamptz '2024-01-01T00:00:00Z' + g * interval '1 second', 0, 'FINISHED', 'EUR', true
      FROM generate_series(1, 50001) AS g`);
    const count = (await get(admin, '/sp/order/export/count?companyCode=BULK')).json();
    expect(count.data).toMatchObject({ total: 50001, max: 50000 });
    const res = await get(admin, '/sp/order/export/excel?companyCode=BULK');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(710);
    const pdf = await get(admin, '/sp/order/export/pdf?companyCode=BULK');
    expect(pdf.json().code).toBe(704);
    // A size within the maximum exports that many rows.
    const some = await get(admin, '/sp/order/export/excel?companyCode=BULK&size=3&sort=orderNo&order=asc');
    const rows = await sheetRows(some.rawPayload);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['BULK1', 'BULK10', 'BULK100']);
  }, 120_000);
});
