/**
 * Demo rate templates: for each company a charged template with three time-of-use windows
 * (off-peak 00:00–07:00, peak 07:00–22:00, evening 22:00–24:00) and a free one; the charged
 * template is assigned to every station of the company (pricing model CHARGED).
 * Fees derive from the company's demo price (electricity per kWh at peak; off-peak 80 %,
 * evening 90 %); the demo tax rate is a fraction ("0.19") and is stored as a percentage ("19").
 */
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import { rateDetail, rateTax, rateTemplate, station } from '../server/db/schema.js';
import type { Tariff } from '../domain/billing.js';

/** What the seeder needs to know of a company. */
export interface RateTemplateCompany {
  code: string;
  currency: string;
  price?: { electricityPerKwh: string; servicePerKwh: string; taxName: string; taxRate: string };
}

/** Ids of the templates made for one company. */
export interface SeededTemplates {
  companyCode: string;
  chargedId: number;
  freeId: number;
}

const fee = (base: Decimal, factor: string) => base.times(factor).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/**
 * The demo "Time of use" tariff of a company, in the shape of domain/billing.ts: the one source of
 * the seeded template's rows and of the demo orders' prices (fake-db/pricing.ts).
 */
export function demoTariff(c: RateTemplateCompany): Tariff {
  const price = c.price ?? { electricityPerKwh: '0.30', servicePerKwh: '0.10', taxName: 'VAT', taxRate: '0' };
  const base = new Decimal(price.electricityPerKwh);
  const rate = new Decimal(price.taxRate);
  return {
    type: 'CHARGED',
    currency: c.currency,
    serviceFeePerKwh: new Decimal(price.servicePerKwh).toFixed(2),
    serviceTax: '0',
    taxes: [{ taxName: price.taxName, taxPercentage: (rate.lessThan(1) ? rate.times(100) : rate).toString() }],
    details: [
      { startTime: '00:00', endTime: '07:00', electricityFeePerKwh: fee(base, '0.8') },
      { startTime: '07:00', endTime: '22:00', electricityFeePerKwh: fee(base, '1') },
      { startTime: '22:00', endTime: '24:00', electricityFeePerKwh: fee(base, '0.9') },
    ],
  };
}

/**
 * Creates the demo templates inside the caller's transaction `tx` and prices each company's
 * stations with its charged template.
 */
export async function seedRateTemplates(tx: Db, companies: readonly RateTemplateCompany[]): Promise<SeededTemplates[]> {
  const out: SeededTemplates[] = [];
  for (const c of companies) {
    const tariff = demoTariff(c);
    const [tax] = tariff.taxes;
    const [charged] = await tx
      .insert(rateTemplate)
      .values({
        companyCode: c.code,
        modelName: 'Time of use',
        type: 'CHARGED',
        currency: c.currency,
        description: 'Off-peak at night, peak during the day, evening rate after 22:00',
        serviceFeePerKwh: tariff.serviceFeePerKwh,
        serviceTax: tariff.serviceTax,
        activated: true,
      })
      .returning({ id: rateTemplate.id });
    await tx.insert(rateDetail).values(tariff.details.map((d) => ({ templateId: charged.id, ...d })));
    await tx.insert(rateTax).values({ templateId: charged.id, taxName: tax.taxName, taxPercentage: tax.taxPercentage, position: 0 });
    const [free] = await tx
      .insert(rateTemplate)
      .values({
        companyCode: c.code,
        modelName: 'Free charging',
        type: 'FREE',
        currency: c.currency,
        description: 'Staff and partner sites',
        serviceFeePerKwh: '0',
        serviceTax: '0',
        activated: true,
      })
      .returning({ id: rateTemplate.id });
    await tx.insert(rateTax).values({ templateId: free.id, taxName: tax.taxName, taxPercentage: tax.taxPercentage, position: 0 });
    await tx.update(station).set({ rateTemplateId: charged.id, pricingModel: 'CHARGED' }).where(eq(station.companyCode, c.code));
    out.push({ companyCode: c.code, chargedId: charged.id, freeId: free.id });
  }
  return out;
}
