/**
 * The tariff a Stop prices with (server/modules/billing/tariff.ts `tariffOfStation`), read in one
 * query: time-of-use rows in start-time order and taxes in position order, fees and percentages
 * as exact decimal text; no tariff for a station without an activated template of its own
 * company. Requirements R12.32 (a Stop's bounded work), §8 rate templates.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends, freshDatabase } from '../support/db.js';
import { aCompany, aStation } from '../support/builders.js';
import type { Database } from '../../server/db/client.js';
import { rateDetail, rateTax, rateTemplate, station } from '../../server/db/schema.js';
import { tariffOfStation } from '../../server/modules/billing/tariff.js';

describe.each(backends())('station tariff on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(async () => database?.close());

  /** A template of `companyCode` with rows and taxes inserted out of order. */
  async function aTemplate(companyCode: string, activated = true): Promise<number> {
    const db = database.db;
    const [tpl] = await db
      .insert(rateTemplate)
      .values({
        companyCode,
        modelName: 'Peak and night',
        type: 'CHARGED',
        currency: 'EUR',
        serviceFeePerKwh: '0.05',
        serviceTax: '7.5',
        activated,
      })
      .returning();
    await db.insert(rateDetail).values([
      { templateId: tpl.id, startTime: '17:00', endTime: '24:00', electricityFeePerKwh: '0.4100' },
      { templateId: tpl.id, startTime: '00:00', endTime: '07:00', electricityFeePerKwh: '0.1234' },
      { templateId: tpl.id, startTime: '07:00', endTime: '17:00', electricityFeePerKwh: '0.3000' },
    ]);
    await db.insert(rateTax).values([
      { templateId: tpl.id, taxName: 'City levy', taxPercentage: '1.250', position: 2 },
      { templateId: tpl.id, taxName: 'VAT', taxPercentage: '19.000', position: 1 },
    ]);
    return tpl.id;
  }

  it('reads the template, its windows by start time and its taxes by position, decimals exact', async () => {
    const co = await aCompany(database.db);
    const st = await aStation(database.db, co.code);
    const templateId = await aTemplate(co.code);
    await database.db.update(station).set({ rateTemplateId: templateId, timeZone: 'Europe/Berlin' }).where(eq(station.id, st.id));
    expect(await tariffOfStation(database.db, st.id)).toEqual({
      templateId,
      modelName: 'Peak and night',
      timeZone: 'Europe/Berlin',
      tariff: {
        type: 'CHARGED',
        currency: 'EUR',
        serviceFeePerKwh: '0.05',
        serviceTax: '7.50',
        taxes: [
          { taxName: 'VAT', taxPercentage: '19.000' },
          { taxName: 'City levy', taxPercentage: '1.250' },
        ],
        details: [
          { startTime: '00:00', endTime: '07:00', electricityFeePerKwh: '0.1234' },
          { startTime: '07:00', endTime: '17:00', electricityFeePerKwh: '0.3000' },
          { startTime: '17:00', endTime: '24:00', electricityFeePerKwh: '0.4100' },
        ],
      },
    });
  });

  it('answers a template without rows or taxes with empty lists', async () => {
    const co = await aCompany(database.db);
    const st = await aStation(database.db, co.code);
    const [tpl] = await database.db
      .insert(rateTemplate)
      .values({
        companyCode: co.code,
        modelName: 'Bare',
        type: 'FREE',
        currency: 'EUR',
        serviceFeePerKwh: '0',
        serviceTax: '0',
        activated: true,
      })
      .returning();
    await database.db.update(station).set({ rateTemplateId: tpl.id }).where(eq(station.id, st.id));
    const t = await tariffOfStation(database.db, st.id);
    expect(t?.tariff.type).toBe('FREE');
    expect(t?.tariff.details).toEqual([]);
    expect(t?.tariff.taxes).toEqual([]);
  });

  it('has no tariff without a station, for a deactivated template or one of another company', async () => {
    const co = await aCompany(database.db);
    const other = await aCompany(database.db);
    const st = await aStation(database.db, co.code);
    expect(await tariffOfStation(database.db, null)).toBeUndefined();
    expect(await tariffOfStation(database.db, st.id)).toBeUndefined();
    await database.db
      .update(station)
      .set({ rateTemplateId: await aTemplate(co.code, false) })
      .where(eq(station.id, st.id));
    expect(await tariffOfStation(database.db, st.id)).toBeUndefined();
    await database.db
      .update(station)
      .set({ rateTemplateId: await aTemplate(other.code) })
      .where(eq(station.id, st.id));
    expect(await tariffOfStation(database.db, st.id)).toBeUndefined();
  });
});
