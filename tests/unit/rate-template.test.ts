import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ErrorCode } from '../../domain/errors.js';
import { failureOf } from '../../domain/entities/rules.js';
import { chargerCreate as chargerInput } from '../../domain/entities/charger.js';
const CHARGER_EMPTY_CODES = {};
import { RATE_TEMPLATE_EMPTY_CODES, rateTemplateSchema } from '../../domain/entities/rate-template.js';
import { stationCreate as stationInput } from '../../domain/entities/station.js';
const STATION_EMPTY_CODES = {};
import { checkRateRows, checkRateTemplate, checkTaxes, deleteRateRow, formatTime, parseTime, rateWindowAt, type RateRow } from '../../domain/rate-template.js';

/** n equal windows covering the day, fees 1, 2, 3 … (distinct unless `fee` is given). */
function windows(n: number, fee?: (i: number) => string): RateRow[] {
  const step = Math.floor(1440 / n);
  return Array.from({ length: n }, (_, i) => ({
    startTime: formatTime(i * step),
    endTime: i === n - 1 ? '24:00' : formatTime((i + 1) * step),
    electricityFeePerKwh: fee ? fee(i) : String(i + 1),
  }));
}

const row = (startTime: string, endTime: string, electricityFeePerKwh = '1.00'): RateRow => ({ startTime, endTime, electricityFeePerKwh });
const tax = [{ taxName: 'VAT', taxPercentage: '19' }];

describe('time parsing', () => {
  it('reads 00:00, 23:59 and 24:00 and refuses the rest', () => {
    expect(parseTime('00:00')).toBe(0);
    expect(parseTime('23:59')).toBe(1439);
    expect(parseTime('24:00')).toBe(1440);
    expect(parseTime('24:01')).toBeNull();
    expect(parseTime('12:60')).toBeNull();
    expect(parseTime('7:00')).toBeNull();
    expect(formatTime(1440)).toBe('24:00');
  });
});

describe('rate rows cover the day (703 / 317)', () => {
  it('accepts one row 00:00–24:00', () => {
    expect(checkRateRows([row('00:00', '24:00')])).toBeNull();
  });

  it('accepts three windows given in any order', () => {
    expect(checkRateRows([row('18:00', '24:00', '3'), row('00:00', '08:00', '1'), row('08:00', '18:00', '2')])).toBeNull();
  });

  it('refuses a start after 00:00 (703)', () => {
    expect(checkRateRows([row('00:01', '24:00')])).toMatchObject({ code: 703 });
  });

  it('refuses an end before 24:00 (703)', () => {
    expect(checkRateRows([row('00:00', '23:59')])).toMatchObject({ code: 703, field: 'details.0.endTime' });
  });

  it('refuses a one-minute gap (703)', () => {
    expect(checkRateRows([row('00:00', '12:00', '1'), row('12:01', '24:00', '2')])).toMatchObject({ code: 703, index: 1 });
  });

  it('refuses a one-minute overlap (317)', () => {
    expect(checkRateRows([row('00:00', '12:01', '1'), row('12:00', '24:00', '2')])).toMatchObject({ code: 317, index: 1 });
  });

  it('refuses a duplicated row (317)', () => {
    expect(checkRateRows([row('00:00', '24:00', '1'), row('00:00', '24:00', '2')])).toMatchObject({ code: 317 });
  });

  it('refuses an inverted or empty window (703) and a malformed time (615)', () => {
    expect(checkRateRows([row('22:00', '02:00')])).toMatchObject({ code: 703 });
    expect(checkRateRows([row('00:00', '00:00')])).toMatchObject({ code: 615 });
    expect(checkRateRows([row('00:00', '25:00')])).toMatchObject({ code: 615 });
    expect(checkRateRows([row('24:00', '24:00')])).toMatchObject({ code: 615 });
  });
});

describe('row count (647) and same rate (648)', () => {
  it('accepts 12 rows and refuses 13', () => {
    expect(checkRateRows(windows(12))).toBeNull();
    expect(checkRateRows(windows(13))).toMatchObject({ code: 647 });
  });

  it('accepts a rate used 3 times and refuses 4 (decimal-equal fees count as the same)', () => {
    expect(checkRateRows(windows(4, (i) => (i < 3 ? '0.5' : '0.6')))).toBeNull();
    expect(checkRateRows(windows(4, (i) => (i < 3 ? '0.5' : '0.50')))).toMatchObject({ code: 648, index: 3 });
  });
});

describe('template type (342 / 343) and taxes (605 / 649)', () => {
  it('a free template has no rates and a charged one must', () => {
    expect(checkRateTemplate({ type: 'FREE', taxes: tax, details: [] })).toBeNull();
    expect(checkRateTemplate({ type: 'FREE', taxes: tax, details: [row('00:00', '24:00')] })).toMatchObject({ code: 342 });
    expect(checkRateTemplate({ type: 'CHARGED', taxes: tax, details: [] })).toMatchObject({ code: 343 });
    expect(checkRateTemplate({ type: 'CHARGED', taxes: tax, details: [row('00:00', '24:00')] })).toBeNull();
  });

  it('needs 1 to 5 taxes (4 on the station screen), each at least 0', () => {
    const five = Array.from({ length: 5 }, (_, i) => ({ taxName: `T${i}`, taxPercentage: '1' }));
    expect(checkTaxes([])).toMatchObject({ code: 605 });
    expect(checkTaxes(five)).toBeNull();
    expect(checkTaxes([...five, { taxName: 'X', taxPercentage: '0' }])).toMatchObject({ code: 400 });
    expect(checkTaxes(five, 'station')).toMatchObject({ code: 400 });
    expect(checkTaxes(five.slice(0, 4), 'station')).toBeNull();
    expect(checkTaxes([{ taxName: 'VAT', taxPercentage: '0' }])).toBeNull();
    expect(checkTaxes([{ taxName: 'VAT', taxPercentage: '-0.01' }])).toMatchObject({ code: 649 });
    expect(checkTaxes([{ taxName: ' ', taxPercentage: '1' }])).toMatchObject({ code: 605 });
    expect(checkTaxes(tax, 'template', '-1')).toMatchObject({ code: 649, field: 'serviceTax' });
  });
});

describe('deleting a row (812)', () => {
  const three = [row('00:00', '08:00', '1'), row('08:00', '18:00', '2'), row('18:00', '24:00', '3')];

  it('refuses the row ending at 24:00', () => {
    expect(deleteRateRow(three, 2)).toEqual({ violation: { code: 812, field: 'details.2.endTime', index: 2 } });
  });

  it('lets the next row take over a deleted window, keeping the day covered', () => {
    const out = deleteRateRow(three, 0);
    expect('details' in out && out.details).toEqual([row('00:00', '18:00', '2'), row('18:00', '24:00', '3')]);
    if ('details' in out) expect(checkRateRows(out.details)).toBeNull();
  });
});

describe('rateWindowAt', () => {
  const three = [row('00:00', '08:00', '1'), row('08:00', '18:00', '2'), row('18:00', '24:00', '3')];
  it('finds the row at a boundary minute (start inclusive, end exclusive)', () => {
    expect(rateWindowAt({ details: three }, '00:00')?.electricityFeePerKwh).toBe('1');
    expect(rateWindowAt({ details: three }, '07:59')?.electricityFeePerKwh).toBe('1');
    expect(rateWindowAt({ details: three }, '08:00')?.electricityFeePerKwh).toBe('2');
    expect(rateWindowAt({ details: three }, 1439)?.electricityFeePerKwh).toBe('3');
    expect(rateWindowAt({ details: three }, 1439.5)?.electricityFeePerKwh).toBe('3');
  });
  it('answers undefined outside the day or for a free template', () => {
    expect(rateWindowAt({ details: three }, '24:00')).toBeUndefined();
    expect(rateWindowAt({ details: three }, -1)).toBeUndefined();
    expect(rateWindowAt({ details: [] }, '12:00')).toBeUndefined();
  });
});

describe('shared form schemas answer catalogue codes', () => {
  const template = {
    companyCode: 'ACME',
    modelName: 'Day',
    type: 'CHARGED',
    currency: 'EUR',
    serviceFeePerKwh: '0.10',
    serviceTax: '0',
    taxes: [{ taxName: 'VAT', taxPercentage: '19' }],
    details: [row('00:00', '24:00')],
  };
  const codeOf = (schema: z.ZodType, input: unknown, codes: Readonly<Record<string, ErrorCode>>) => {
    const r = schema.safeParse(input);
    return r.success ? 200 : failureOf(r.error, input, codes).code;
  };

  it('maps rule issues and empty fields of a template', () => {
    expect(codeOf(rateTemplateSchema(), template, RATE_TEMPLATE_EMPTY_CODES)).toBe(200);
    expect(codeOf(rateTemplateSchema(), { ...template, details: [row('00:00', '12:00')] }, RATE_TEMPLATE_EMPTY_CODES)).toBe(703);
    expect(codeOf(rateTemplateSchema(), { ...template, modelName: '' }, RATE_TEMPLATE_EMPTY_CODES)).toBe(604);
    expect(
      codeOf(rateTemplateSchema(), { ...template, details: [{ startTime: '00:00', endTime: '24:00', electricityFeePerKwh: '-1' }] }, RATE_TEMPLATE_EMPTY_CODES),
    ).toBe(650);
    expect(codeOf(rateTemplateSchema(), { ...template, serviceFeePerKwh: '1.234' }, RATE_TEMPLATE_EMPTY_CODES)).toBe(400);
    // A missing required field answers its "is empty" code, not a bare parameter error.
    for (const field of ['type', 'currency', 'serviceFeePerKwh'] as const) {
      const { [field]: _left, ...without } = template;
      expect(codeOf(rateTemplateSchema(), without, RATE_TEMPLATE_EMPTY_CODES), field).toBe(604);
    }
    const { serviceTax: _tax, ...noServiceTax } = template;
    expect(codeOf(rateTemplateSchema(), noServiceTax, RATE_TEMPLATE_EMPTY_CODES)).toBe(605);
    expect(codeOf(rateTemplateSchema(), { ...template, details: [{ startTime: '00:00', endTime: '24:00' }] }, RATE_TEMPLATE_EMPTY_CODES)).toBe(604);
    const five = Array.from({ length: 5 }, (_, i) => ({ taxName: `T${i}`, taxPercentage: '1' }));
    expect(codeOf(rateTemplateSchema('template'), { ...template, taxes: five }, RATE_TEMPLATE_EMPTY_CODES)).toBe(200);
    expect(codeOf(rateTemplateSchema('station'), { ...template, taxes: five }, RATE_TEMPLATE_EMPTY_CODES)).toBe(400);
  });

  it('maps empty station and charger fields to their codes', () => {
    const station = {
      companyCode: 'ACME',
      name: 'S',
      status: 'ACTIVE',
      visibility: 'PUBLIC',
      maintainer: 'Ann',
      maintainerMobile: '+1 555',
      address: 'Main 1',
      latitude: '10',
      longitude: '20',
      pricingModel: 'CHARGED',
      rateTemplateId: 1,
    };
    expect(codeOf(stationInput, station, STATION_EMPTY_CODES)).toBe(200);
    expect(codeOf(stationInput, { ...station, name: ' ' }, STATION_EMPTY_CODES)).toBe(603);
    expect(codeOf(stationInput, { ...station, maintainerMobile: '' }, STATION_EMPTY_CODES)).toBe(616);
    expect(codeOf(stationInput, { ...station, pricingModel: null }, STATION_EMPTY_CODES)).toBe(810);
    expect(codeOf(stationInput, { ...station, latitude: '91' }, STATION_EMPTY_CODES)).toBe(400);
    const charger = {
      serialNum: 'ABCDEFGHIJKLMNOP',
      phase: 'THREE',
      lifeStatus: 'ACTIVE',
      installationDate: '2024-01-31',
      warrantyYears: '3',
      equipmentNumber: 'E1',
    };
    expect(codeOf(chargerInput, charger, CHARGER_EMPTY_CODES)).toBe(200);
    expect(codeOf(chargerInput, { ...charger, serialNum: '' }, CHARGER_EMPTY_CODES)).toBe(602);
    expect(codeOf(chargerInput, { ...charger, serialNum: 'ABCDEFGHIJKLMNO' }, CHARGER_EMPTY_CODES)).toBe(400);
  });
});
