/**
 * Rate templates with their time-of-use and tax rows (requirements §3, §5).
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

/**
 * Rate (pricing) templates (requirements §3, §5): FREE or CHARGED; a company has at most one FREE template
 * (partial unique index → code 306). Service fee per kWh and service tax (percent) as decimals.
 */
export const rateTemplate = pgTable(
  'rate_template',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    modelName: text('model_name').notNull(),
    type: text('type').notNull(),
    description: text('description'),
    currency: text('currency').notNull(),
    serviceFeePerKwh: numeric('service_fee_per_kwh', { precision: 12, scale: 2 }).notNull().default('0'),
    serviceTax: numeric('service_tax', { precision: 7, scale: 2 }).notNull().default('0'),
    activated: boolean('activated').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('rate_template_company').on(t.companyCode), uniqueIndex('rate_template_one_free').on(t.companyCode).where(sql`${t.type} = 'FREE'`)],
);

/** Time-of-use rows of a template: [startTime, endTime) local 'HH:mm' ('24:00' allowed as end). */
export const rateDetail = pgTable(
  'rate_detail',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => rateTemplate.id, { onDelete: 'cascade' }),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    electricityFeePerKwh: numeric('electricity_fee_per_kwh', { precision: 12, scale: 4 }).notNull(),
  },
  (t) => [index('rate_detail_template').on(t.templateId)],
);

/** Tax rows of a template (name and percentage ≥ 0). */
export const rateTax = pgTable(
  'rate_tax',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => rateTemplate.id, { onDelete: 'cascade' }),
    taxName: text('tax_name').notNull(),
    taxPercentage: numeric('tax_percentage', { precision: 7, scale: 3 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('rate_tax_template').on(t.templateId)],
);
