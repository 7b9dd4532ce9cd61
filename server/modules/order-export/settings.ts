/**
 * Order export settings (requirements §2 Operations → Orders "Order export settings", §3): one row per
 * company with the operator block printed on tax invoices.
 * - `GET /sp/order-export-setting?companyCode=` → the caller's company's settings (an
 *   administrator names the company); 813 when none were saved; 709 another company's.
 * - `PUT /sp/order-export-setting` JSON body; the logo travels as a base64 data URL
 *   (`data:image/png;base64,…`). Operator company name required ≤ 500, address required ≤ 1000,
 *   logo required JPEG/PNG (magic bytes; 714 otherwise) ≤ 200 KB decoded (400 naming `logo`),
 *   service and electricity fee titles required ≤ 50, notes ≤ 2000. 725 for another company's;
 *   798 from an account that is not an administrator of the operator (R6.8: company-wide).
 * An administrator without `companyCode` gets 600 (company cannot be empty).
 */
import { mayEditCompanySettings } from '../../../domain/permissions.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { orderExportSetting } from '../../db/schema.js';
import { authOf, type AuthContext } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { assertSameCompany } from '../../http/scope.js';
import { answersWith } from '../../../domain/entities/api.js';
import { PERMISSIONS } from '../../../domain/permissions.js';

/** Largest logo accepted, bytes (decoded). */
export const LOGO_MAX_BYTES = 200 * 1024;

/** The settings record of the API. `logo` is a data URL. */
export const exportSettingSchema = z.object({
  companyCode: z.string(),
  operatorCompanyName: z.string(),
  address: z.string(),
  logo: z.string(),
  serviceFeeTitle: z.string(),
  electricityFeeTitle: z.string(),
  notes: z.string().nullable(),
  updateTime: z.string(),
});
export type ExportSetting = z.infer<typeof exportSettingSchema>;

const required = (max: number) => z.string().trim().min(1).max(max);

export const exportSettingBody = z.object({
  companyCode: z.string().max(64).optional(),
  operatorCompanyName: required(500),
  address: required(1000),
  // Base64 of 200 KB is ~273 KB; a little more is let through so the size check names `logo`.
  logo: z.string().min(1).max(400_000),
  serviceFeeTitle: required(50),
  electricityFeeTitle: required(50),
  notes: z.string().max(2000).nullish(),
});

/** The image type of `bytes` from its magic bytes: PNG or JPEG, else null. */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

/**
 * Decodes a logo data URL (or bare base64) and checks it: 714 when not JPEG/PNG by its bytes
 * (whatever the declared type), 400 naming `logo` when larger than 200 KB or not base64.
 */
export function decodeLogo(input: string): { type: 'image/png' | 'image/jpeg'; bytes: Buffer } {
  const m = /^data:([\w/+.-]*)(;[\w=-]+)*;base64,(.*)$/s.exec(input.trim());
  const b64 = (m ? m[3] : input).replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw new AppError(400, 'logo');
  const bytes = Buffer.from(b64, 'base64');
  const type = imageTypeOf(bytes);
  if (!type) throw new AppError(714, 'logo');
  if (bytes.length > LOGO_MAX_BYTES) throw new AppError(400, 'logo');
  return { type, bytes };
}

/** The company whose settings `auth` means: its own, or the named one for an administrator (600 when none). */
function companyOf(auth: AuthContext, named: string | undefined, mode: 'read' | 'write'): string {
  assertSameCompany(auth, named, mode);
  const code = named || auth.companyCode;
  if (!code) throw new AppError(600, 'companyCode');
  return code;
}

/** Row → API record. */
function settingRecord(row: typeof orderExportSetting.$inferSelect): ExportSetting {
  return {
    companyCode: row.companyCode,
    operatorCompanyName: row.operatorCompanyName,
    address: row.address,
    logo: `data:${row.logoType};base64,${row.logoData}`,
    serviceFeeTitle: row.serviceFeeTitle,
    electricityFeeTitle: row.electricityFeeTitle,
    notes: row.notes,
    updateTime: row.updatedAt.toISOString(),
  };
}

/** The stored settings row of `companyCode`, or null. */
export async function loadExportSetting(db: Db, companyCode: string) {
  const [row] = await db.select().from(orderExportSetting).where(eq(orderExportSetting.companyCode, companyCode)).limit(1);
  return row ?? null;
}

const settingRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/order-export-setting',
    {
      config: { permission: PERMISSIONS.operations.orders },
      schema: {
        tags: ['order'],
        querystring: z.object({ companyCode: z.string().max(64).optional() }),
        response: answersWith(exportSettingSchema),
      },
    },
    async (req) => {
      const code = companyOf(authOf(req), req.query.companyCode, 'read');
      const row = await loadExportSetting(app.db, code);
      if (!row) throw new AppError(813);
      return ok(req, settingRecord(row));
    },
  );

  r.put(
    '/order-export-setting',
    {
      config: { permission: PERMISSIONS.operations.orders },
      schema: { tags: ['order'], body: exportSettingBody, response: answersWith(exportSettingSchema) },
    },
    async (req) => {
      const auth = authOf(req);
      const b = req.body;
      const code = companyOf(auth, b.companyCode, 'write');
      // Company-wide: the operator's administrators only (R6.8); others read them.
      if (!mayEditCompanySettings(auth.userType)) throw new AppError(798);
      const logo = decodeLogo(b.logo);
      const values = {
        companyCode: code,
        operatorCompanyName: b.operatorCompanyName,
        address: b.address,
        logoType: logo.type,
        logoData: logo.bytes.toString('base64'),
        serviceFeeTitle: b.serviceFeeTitle,
        electricityFeeTitle: b.electricityFeeTitle,
        notes: b.notes?.trim() ? b.notes : null,
        updatedBy: auth.username,
        updatedAt: new Date(),
      };
      const [row] = await app.db
        .insert(orderExportSetting)
        .values(values)
        .onConflictDoUpdate({ target: orderExportSetting.companyCode, set: values })
        .returning();
      return ok(req, settingRecord(row));
    },
  );
};

export default settingRoutes;
