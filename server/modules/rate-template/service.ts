/**
 * Rate (pricing) templates (requirements §3, §5, §8, §9). The row rules are the pure functions of
 * `domain/rate-template.ts` (applied by the schema); here the rules that need the database:
 * - one free template per company → 306 (checked, and the partial unique index
 *   `rate_template_one_free` for concurrent writes);
 * - a free template cannot be edited → 811 (its activation may still change);
 * - the type of a template that stations are priced with cannot change → 810;
 * - an activated template, or one a station is priced with, cannot be deleted → 702;
 * - the detail row ending at 24:00 cannot be deleted → 812; deleting another row gives its window
 *   to the row that follows it, so the day stays covered.
 * Unknown template → 804, unknown detail → 805; another company's → 709 (read) / 725 (write).
 */
import Decimal from 'decimal.js';
import { and, asc, count, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { deleteRateRow } from '../../../domain/rate-template.js';
import type { RateTemplateInput, RateTemplateRecord } from '../../../domain/entities/rate-template.js';
import type { Db } from '../../db/client.js';
import { company, rateDetail, rateTax, rateTemplate, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { limitOffset, orderByOf, type PageQuery } from '../../http/paging.js';
import { assertInScope, scopeWhere } from '../../http/scope.js';
import { iso, readCompanyFilter, type Tx } from '../station/index.js';
import { mapUnique, type UniqueAnswer } from '../../db/pg-errors.js';

export interface RateTemplateFilter extends PageQuery {
  companyCode?: string;
  type?: string;
  activated?: boolean;
  currency?: string;
  q?: string;
}

const stationCount = sql<number>`(select count(*)::int from ${station} where ${station.rateTemplateId} = ${rateTemplate.id})`;
const SORT = {
  id: rateTemplate.id,
  modelName: rateTemplate.modelName,
  type: rateTemplate.type,
  currency: rateTemplate.currency,
  activated: rateTemplate.activated,
  createdAt: rateTemplate.createdAt,
  updatedAt: rateTemplate.updatedAt,
  stationCount,
};
const UNIQUE = { rate_template_one_free: [306, 'type'] } as const satisfies Record<string, UniqueAnswer>;

function selectTemplates(db: Db) {
  return db
    .select({ t: rateTemplate, companyName: company.name, stationCount })
    .from(rateTemplate)
    .leftJoin(company, eq(company.code, rateTemplate.companyCode));
}
type Row = Awaited<ReturnType<ReturnType<typeof selectTemplates>['where']>>[number];

/** A stored decimal without padding zeros beyond two decimals ("0.3500" → "0.35", "19.000" → "19.00"). */
const dec = (v: string) => {
  const d = new Decimal(v);
  return d.toFixed(Math.max(2, d.decimalPlaces()));
};

/** Loads the taxes and details of templates and builds their records. */
async function withRows(db: Db, rows: Row[]): Promise<RateTemplateRecord[]> {
  const ids = rows.map((r) => r.t.id);
  const details = ids.length ? await db.select().from(rateDetail).where(inArray(rateDetail.templateId, ids)).orderBy(asc(rateDetail.startTime)) : [];
  const taxes = ids.length ? await db.select().from(rateTax).where(inArray(rateTax.templateId, ids)).orderBy(asc(rateTax.position), asc(rateTax.id)) : [];
  return rows.map(({ t, companyName, stationCount: n }) => ({
    id: t.id,
    companyCode: t.companyCode,
    companyName,
    modelName: t.modelName,
    type: t.type,
    description: t.description,
    currency: t.currency,
    serviceFeePerKwh: t.serviceFeePerKwh,
    serviceTax: t.serviceTax,
    activated: t.activated,
    taxes: taxes.filter((x) => x.templateId === t.id).map((x) => ({ id: x.id, taxName: x.taxName, taxPercentage: dec(x.taxPercentage) })),
    details: details
      .filter((d) => d.templateId === t.id)
      .map((d) => ({
        id: d.id,
        startTime: d.startTime,
        endTime: d.endTime,
        electricityFeePerKwh: dec(d.electricityFeePerKwh),
      })),
    stationCount: Number(n),
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  }));
}

/** A page of templates (with their rows); filters: company, type, activated, currency, q = model name. */
export async function listTemplates(db: Db, auth: AuthContext, f: RateTemplateFilter): Promise<Page<RateTemplateRecord>> {
  const conds: (SQL | undefined)[] = [scopeWhere(auth, rateTemplate)];
  const code = readCompanyFilter(auth, f.companyCode);
  if (code) conds.push(eq(rateTemplate.companyCode, code));
  if (f.type) conds.push(eq(rateTemplate.type, f.type));
  if (f.activated !== undefined) conds.push(eq(rateTemplate.activated, f.activated));
  if (f.currency) conds.push(eq(rateTemplate.currency, f.currency));
  if (f.q) conds.push(ilike(rateTemplate.modelName, `%${f.q}%`));
  const where = and(...conds);
  const { limit, offset } = limitOffset(f);
  const rows = await selectTemplates(db)
    .where(where)
    .orderBy(...orderByOf(f, SORT, { fallback: rateTemplate.id, tieBreak: rateTemplate.id }))
    .limit(limit)
    .offset(offset);
  const [{ n }] = await db.select({ n: count() }).from(rateTemplate).where(where);
  return { records: await withRows(db, rows), total: n };
}

/** One template; unknown → 804; another company's → 709 (read) / 725 (write). */
export async function getTemplate(db: Db, auth: AuthContext, id: number, mode: 'read' | 'write' = 'read'): Promise<RateTemplateRecord> {
  const [row] = await selectTemplates(db).where(eq(rateTemplate.id, id));
  if (!row) throw new AppError(804);
  assertInScope(auth, rateTemplate, row.t, mode);
  return (await withRows(db, [row]))[0];
}

/** 306 when the company already has a free template other than `exceptId`. */
async function checkOneFree(tx: Tx, companyCode: string, exceptId?: number) {
  const [{ n }] = await tx
    .select({ n: count() })
    .from(rateTemplate)
    .where(and(eq(rateTemplate.companyCode, companyCode), eq(rateTemplate.type, 'FREE'), exceptId ? ne(rateTemplate.id, exceptId) : undefined));
  if (n > 0) throw new AppError(306, 'type');
}

async function writeRows(tx: Tx, templateId: number, input: RateTemplateInput) {
  await tx.delete(rateDetail).where(eq(rateDetail.templateId, templateId));
  await tx.delete(rateTax).where(eq(rateTax.templateId, templateId));
  if (input.details.length) {
    await tx.insert(rateDetail).values(input.details.map((d) => ({ templateId, ...d })));
  }
  if (input.taxes.length) {
    await tx.insert(rateTax).values(input.taxes.map((x, position) => ({ templateId, taxName: x.taxName, taxPercentage: x.taxPercentage, position })));
  }
}

function values(input: RateTemplateInput) {
  return {
    modelName: input.modelName,
    type: input.type,
    description: input.description ?? null,
    currency: input.currency,
    serviceFeePerKwh: input.serviceFeePerKwh,
    serviceTax: input.serviceTax,
    activated: input.activated,
  };
}

/** Creates a template with its rows in one transaction; returns its id. */
export async function createTemplate(db: Db, input: RateTemplateInput): Promise<number> {
  return mapUnique(
    () =>
      db.transaction(async (tx) => {
        if (input.type === 'FREE') await checkOneFree(tx, input.companyCode);
        const [row] = await tx
          .insert(rateTemplate)
          .values({ ...values(input), companyCode: input.companyCode })
          .returning({ id: rateTemplate.id });
        await writeRows(tx, row.id, input);
        return row.id;
      }),
    UNIQUE,
  );
}

/** Replaces a charged template's fields and rows (free → 811; company cannot change → 725). */
export async function updateTemplate(db: Db, current: RateTemplateRecord, input: RateTemplateInput): Promise<void> {
  if (current.type === 'FREE') throw new AppError(811);
  if (input.companyCode !== current.companyCode) throw new AppError(725, 'companyCode');
  // Stations name the template type in their pricing model; it cannot change under them.
  if (input.type !== current.type && current.stationCount > 0) throw new AppError(810, 'type');
  await mapUnique(
    () =>
      db.transaction(async (tx) => {
        if (input.type === 'FREE') await checkOneFree(tx, current.companyCode, current.id);
        await tx
          .update(rateTemplate)
          .set({ ...values(input), updatedAt: new Date() })
          .where(eq(rateTemplate.id, current.id));
        await writeRows(tx, current.id, input);
      }),
    UNIQUE,
  );
}

/** Activates or deactivates a template. */
export async function setTemplateActivated(db: Db, current: RateTemplateRecord, activated: boolean): Promise<void> {
  await db.update(rateTemplate).set({ activated, updatedAt: new Date() }).where(eq(rateTemplate.id, current.id));
}

/** Deletes a template: activated, or priced into a station → 702. */
export async function deleteTemplate(db: Db, current: RateTemplateRecord): Promise<void> {
  await db.transaction(async (tx) => {
    const [t] = await tx.select({ activated: rateTemplate.activated }).from(rateTemplate).where(eq(rateTemplate.id, current.id)).for('update');
    if (!t) throw new AppError(804);
    if (t.activated) throw new AppError(702);
    const [{ n }] = await tx.select({ n: count() }).from(station).where(eq(station.rateTemplateId, current.id));
    if (n > 0) throw new AppError(702, 'stations');
    await tx.delete(rateTemplate).where(eq(rateTemplate.id, current.id));
  });
}

/**
 * Deletes one time-of-use row (free template → 811; unknown → 805; the row ending at 24:00 → 812).
 * The row after it takes over its window.
 */
export async function deleteDetail(db: Db, current: RateTemplateRecord, detailId: number): Promise<void> {
  if (current.type === 'FREE') throw new AppError(811);
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(rateDetail).where(eq(rateDetail.templateId, current.id)).orderBy(asc(rateDetail.startTime)).for('update');
    const index = rows.findIndex((r) => r.id === detailId);
    if (index < 0) throw new AppError(805);
    const out = deleteRateRow(rows, index);
    if ('violation' in out) throw new AppError(out.violation.code, 'detailId');
    const next = out.details.find((d) => d.startTime === rows[index].startTime);
    await tx.delete(rateDetail).where(eq(rateDetail.id, detailId));
    if (next) await tx.update(rateDetail).set({ startTime: next.startTime }).where(eq(rateDetail.id, next.id));
    await tx.update(rateTemplate).set({ updatedAt: new Date() }).where(eq(rateTemplate.id, current.id));
  });
}
