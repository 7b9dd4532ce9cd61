/**
 * Chinese text in the PDF exports (server/modules/order-export/text.ts): Noto Sans SC is embedded
 * as an ordinary TrueType subset (regular and bold), text stays extractable, and Latin-1 stays in
 * Helvetica.
 */
import { describe, expect, it } from 'vitest';
import { PDFParse } from 'pdf-parse';
import { invoicePdf, orderListPdf } from '../../../server/modules/order-export/pdf';
import type { OrderRecord } from '../../../server/modules/order/mapper';
import { png } from '../../support/images';

const order: OrderRecord = {
  id: 1,
  orderNo: 'HK2026112400001',
  companyCode: 'HKEV',
  companyName: '香港电动车充电有限公司',
  stationId: 1,
  stationName: '中环码头充电站',
  chargerId: 1,
  chargerSn: 'CP00000000000001',
  connectorId: 1,
  transactionId: 123456,
  idTag: 'CARD0001',
  idTagStatus: 'Accepted',
  userType: 'CARD',
  userName: '李 雷',
  chargerStartTime: '2026-11-24T01:00:00Z',
  chargerStopTime: '2026-11-24T02:30:00Z',
  serverStartTime: '2026-11-24T01:00:01Z',
  serverStopTime: '2026-11-24T02:30:02Z',
  meterStart: 1000,
  meterStop: 21000,
  energyKwh: '20.000',
  durationSeconds: 5400,
  status: 'FINISHED',
  stopReason: 'Local',
  paid: true,
  electricityFee: '6.00',
  serviceFee: '2.00',
  cost: '8.00',
  taxAmount: '0.80',
  totalAmount: '8.80',
  currency: 'HKD',
  breakdown: { formulas: { serviceFee: '20.000 kWh × 0.10' }, taxes: [{ taxName: '增值税', taxPercentage: '10' }] },
} as OrderRecord;

const setting = {
  operatorCompanyName: '香港电动车充电有限公司',
  address: '香港中环干诺道中 1 号',
  logo: png(8, 8),
  serviceFeeTitle: '服务费',
  electricityFeeTitle: '电费',
  notes: '感谢您使用我们的充电服务',
};

async function textOf(pdf: Buffer): Promise<string> {
  const p = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await p.getText()).text;
  } finally {
    await p.destroy();
  }
}

/** The BaseFont names of the PDF's font dictionaries. */
function fontsOf(pdf: Buffer): string[] {
  return [...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/([A-Za-z0-9+-]+)/g)].map((m) => m[1].replace(/^[A-Z]{6}\+/, 'SUBSET+')))].sort();
}

describe('Chinese text in the PDF exports', () => {
  it('embeds Noto Sans SC regular and bold as TrueType subsets and keeps the text extractable', async () => {
    const pdf = await invoicePdf(order, setting, 'zh', 'Asia/Hong_Kong');
    expect(fontsOf(pdf)).toEqual(['Helvetica', 'Helvetica-Bold', 'SUBSET+NotoSansSC-Bold', 'SUBSET+NotoSansSC-Regular']);
    expect(pdf.toString('latin1')).toContain('/FontFile2');
    const text = (await textOf(pdf)).replace(/\s+/g, ' ');
    for (const want of ['税务发票', '中环码头充电站', '香港中环干诺道中 1 号', '增值税', '感谢您使用我们的充电服务', 'HK2026112400001', '8.80 HKD']) {
      expect(text, want).toContain(want);
    }
    // Only the glyphs used are embedded: the font files are megabytes, the invoice is not.
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('prints the order list in Chinese', async () => {
    const list = orderListPdf('zh', 'UTC', 1);
    const chunks: Buffer[] = [];
    list.doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((resolve) => list.doc.on('end', resolve));
    list.add([order]);
    list.end();
    await done;
    const text = await textOf(Buffer.concat(chunks));
    expect(text).toContain('订单列表');
    expect(text).toContain('中环码头充电站');
    expect(text).toContain('已完成');
  });
});
