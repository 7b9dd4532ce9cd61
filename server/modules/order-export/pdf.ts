/**
 * The two PDFs of the order exports (pdfkit): the order list (landscape A4 table, one header row
 * per page) and the tax invoice of one order (portrait A4) with the company's export settings.
 * Money is printed as the order's decimal strings with its currency; energy in kWh.
 */
import PDFDocument from 'pdfkit';
import type { Lang } from '../../../domain/errors.js';
import type { OrderRecord } from '../order/index.js';
import { headerOf, localTime, PDF_COLUMNS, valueLabel, wordsOf, type ExportColumn } from './labels.js';
import { drawLine, drawWrapped, type Pdf } from './text.js';

const MARGIN = 30;

/** Relative widths of the list columns. */
const WIDTHS: Partial<Record<ExportColumn, number>> = {
  orderNo: 1.5,
  stationName: 1.35,
  chargerSn: 1.45,
  idTag: 1,
  chargerStartTime: 1.2,
  chargerStopTime: 1.2,
  energyKwh: 0.9,
  status: 0.7,
  cost: 0.75,
  taxAmount: 0.7,
  totalAmount: 0.75,
  currency: 0.55,
  paid: 0.45,
};
const RIGHT: ReadonlySet<ExportColumn> = new Set(['energyKwh', 'cost', 'taxAmount', 'totalAmount']);

/** Text of one list cell. */
function cellText(o: OrderRecord, col: ExportColumn, lang: Lang, tz: string): string {
  switch (col) {
    case 'chargerStartTime':
    case 'chargerStopTime':
    case 'serverStartTime':
    case 'serverStopTime':
      return localTime(o[col], tz);
    case 'status':
    case 'userType':
      return valueLabel(o[col], lang);
    case 'paid':
      return valueLabel(o.paid, lang);
    default:
      return String(o[col] ?? '');
  }
}

/** A streaming PDF list of orders; call `add` per page of rows, then `end`. */
export function orderListPdf(lang: Lang, tz: string, total: number) {
  const doc: Pdf = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, bufferPages: false, info: { Title: wordsOf(lang).listTitle } });
  const w = wordsOf(lang);
  const pageW = doc.page.width - 2 * MARGIN;
  const sum = PDF_COLUMNS.reduce((a, c) => a + (WIDTHS[c] ?? 1), 0);
  const widths = PDF_COLUMNS.map((c) => ((WIDTHS[c] ?? 1) / sum) * pageW);
  const rowH = 14;
  const bottom = doc.page.height - MARGIN - 16;
  let y = MARGIN;
  let page = 1;

  const header = () => {
    drawLine(doc, w.listTitle, MARGIN, y, { size: 13, bold: true });
    drawLine(doc, `${w.generated}: ${localTime(new Date().toISOString(), tz)} · ${w.timeZone}: ${tz} · ${w.rows}: ${total}`, MARGIN, y + 3, {
      size: 8,
      width: pageW,
      align: 'right',
      color: '#555555',
    });
    drawLine(doc, `${w.page} ${page}`, MARGIN, doc.page.height - MARGIN - 8, { size: 7, width: pageW, align: 'right', color: '#777777' });
    y += 22;
    doc.rect(MARGIN, y - 2, pageW, rowH).fill('#1ebb77');
    let x = MARGIN;
    PDF_COLUMNS.forEach((c, i) => {
      drawLine(doc, headerOf(c, lang, tz).replace(` (${tz})`, ''), x + 2, y + 1, {
        size: 7.5,
        bold: true,
        width: widths[i] - 4,
        align: RIGHT.has(c) ? 'right' : 'left',
        color: '#ffffff',
      });
      x += widths[i];
    });
    y += rowH;
  };
  header();
  let n = 0;
  return {
    doc,
    /** Draws `rows` (adds pages as needed). */
    add(rows: OrderRecord[]) {
      for (const o of rows) {
        if (y + rowH > bottom) {
          doc.addPage();
          page++;
          y = MARGIN;
          header();
        }
        if (n % 2 === 1) doc.rect(MARGIN, y - 2, pageW, rowH).fill('#f3f6f4');
        let x = MARGIN;
        PDF_COLUMNS.forEach((c, i) => {
          drawLine(doc, cellText(o, c, lang, tz), x + 2, y + 1, { size: 7.5, width: widths[i] - 4, align: RIGHT.has(c) ? 'right' : 'left' });
          x += widths[i];
        });
        y += rowH;
        n++;
      }
    },
    end() {
      doc.end();
    },
  };
}

/** What an invoice prints of the export settings. */
export interface InvoiceSetting {
  operatorCompanyName: string;
  address: string;
  logo: Buffer;
  serviceFeeTitle: string;
  electricityFeeTitle: string;
  notes: string | null;
}

/** The part of `SessionPrice.breakdown` (domain/billing.ts) an invoice shows; all optional. */
interface Breakdown {
  formulas?: { electricityFee?: string; serviceFee?: string; taxAmount?: string; totalAmount?: string };
  taxes?: { taxName: string; taxPercentage: string }[];
  serviceTax?: string;
}

/** Renders the tax invoice of `o` to a Buffer (throws on any failure; the caller answers 708). */
export async function invoicePdf(o: OrderRecord, s: InvoiceSetting, lang: Lang, tz: string, now: Date = new Date()): Promise<Buffer> {
  const w = wordsOf(lang);
  const doc: Pdf = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${w.invoiceTitle} ${o.orderNo}` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 50;
  const width = doc.page.width - 100;
  const bd = (o.breakdown ?? {}) as Breakdown;

  // Header: logo left, operator block right.
  doc.image(s.logo, left, 45, { fit: [150, 70] });
  drawLine(doc, s.operatorCompanyName, left + 200, 50, { size: 12, bold: true, width: width - 200, align: 'right' });
  let y = 68;
  for (const line of s.address.split(/\r?\n/)) {
    y = drawWrapped(doc, line, left + 200, y, width - 200, { size: 9, align: 'right', color: '#333333' });
  }
  y = Math.max(y, 125) + 10;
  drawLine(doc, w.invoiceTitle, left, y, { size: 20, bold: true, color: '#1ebb77' });
  y += 34;

  const facts: [string, string][] = [
    [w.orderNo, o.orderNo],
    [w.invoiceDate, localTime(now.toISOString(), tz)],
    [w.start, `${localTime(o.chargerStartTime, tz)} (${tz})`],
    [w.stop, o.chargerStopTime ? `${localTime(o.chargerStopTime, tz)} (${tz})` : ''],
    [w.station, o.stationName ?? ''],
    [w.charger, `${o.chargerSn} · ${w.connector} ${o.connectorId}`],
    [w.customer, [o.userName, o.idTag].filter(Boolean).join(' · ')],
    [w.energy, `${o.energyKwh} kWh`],
    [w.currency, o.currency],
  ];
  for (const [k, v] of facts) {
    drawLine(doc, k, left, y, { size: 10, color: '#555555' });
    drawLine(doc, v, left + 130, y, { size: 10, width: width - 130 });
    y += 16;
  }
  y += 12;

  // Amounts table: item | calculation | amount.
  const colItem = 150;
  const colAmount = 100;
  const colFormula = width - colItem - colAmount;
  doc.rect(left, y - 3, width, 18).fill('#1ebb77');
  drawLine(doc, w.item, left + 4, y + 1, { size: 9.5, bold: true, color: '#ffffff' });
  drawLine(doc, w.formula, left + colItem, y + 1, { size: 9.5, bold: true, color: '#ffffff' });
  drawLine(doc, w.amount, left + colItem + colFormula, y + 1, { size: 9.5, bold: true, width: colAmount - 4, align: 'right', color: '#ffffff' });
  y += 22;
  const taxNote = [
    ...(bd.taxes ?? []).map((t) => `${t.taxName} ${t.taxPercentage}%`),
    ...(bd.serviceTax && bd.serviceTax !== '0' ? [`${w.serviceTax} ${bd.serviceTax}%`] : []),
  ].join(', ');
  const rows: [string, string, string, boolean][] = [
    [s.electricityFeeTitle, bd.formulas?.electricityFee ?? '', o.electricityFee, false],
    [s.serviceFeeTitle, bd.formulas?.serviceFee ?? '', o.serviceFee, false],
    [w.cost, `${o.electricityFee} + ${o.serviceFee}`, o.cost, false],
    [w.tax, [taxNote, bd.formulas?.taxAmount].filter(Boolean).join(': '), o.taxAmount, false],
    [w.total, bd.formulas?.totalAmount ?? `${o.cost} + ${o.taxAmount}`, `${o.totalAmount} ${o.currency}`, true],
  ];
  for (const [item, formula, amount, strong] of rows) {
    if (strong) {
      doc
        .moveTo(left, y - 4)
        .lineTo(left + width, y - 4)
        .strokeColor('#999999')
        .lineWidth(0.6)
        .stroke();
    }
    drawLine(doc, item, left + 4, y, { size: 10, bold: strong, width: colItem - 8 });
    const yEnd = drawWrapped(doc, formula, left + colItem, y, colFormula - 8, { size: 8.5, color: '#444444' });
    drawLine(doc, amount, left + colItem + colFormula, y, { size: 10, bold: strong, width: colAmount - 4, align: 'right' });
    y = Math.max(y + 16, yEnd + 4);
  }
  y += 4;
  drawLine(doc, `${w.paid}: ${valueLabel(o.paid, lang)}`, left, y, { size: 9, color: '#555555' });
  y += 24;
  if (s.notes) {
    drawLine(doc, w.notes, left, y, { size: 10, bold: true });
    drawWrapped(doc, s.notes, left, y + 15, width, { size: 9, color: '#333333' });
  }
  doc.end();
  return done;
}
