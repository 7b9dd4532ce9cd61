/**
 * The vendor code table (requirements R13.3): an operator maps a charger vendor's own
 * `vendorErrorCode` (sent with its `vendorId` in a StatusNotification) to a named fault or warning
 * of domain/events.ts. A company's entry wins over the platform's (company_code null, set by an
 * administrator). Codes: 736 duplicate, 737 entry not found, 709/725 another company's entry.
 */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventVendorCode } from '../../db/schema.js';
import { uniqueViolation } from '../../db/pg-errors.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { assertSameCompany } from '../../http/scope.js';
import { DEVICE_EVENT_TYPES, type EventType } from '../../../domain/events.js';
import type { VendorCodeInput, VendorCodeRecord } from '../../../domain/entities/event.js';

const DEVICE_TYPES: ReadonlySet<string> = new Set(DEVICE_EVENT_TYPES);

/**
 * The event type the table gives `vendorId` / `vendorErrorCode` for a charger of `companyCode`
 * (the company's own entry first, then the platform's); null when neither knows it.
 */
export async function vendorEventType(
  db: Db,
  companyCode: string,
  vendorId: string | undefined,
  vendorErrorCode: string | undefined,
): Promise<EventType | null> {
  if (!vendorId || !vendorErrorCode) return null;
  const rows = await db
    .select({ eventType: eventVendorCode.eventType, companyCode: eventVendorCode.companyCode })
    .from(eventVendorCode)
    .where(
      and(
        eq(eventVendorCode.vendorId, vendorId),
        eq(eventVendorCode.vendorErrorCode, vendorErrorCode),
        or(eq(eventVendorCode.companyCode, companyCode), isNull(eventVendorCode.companyCode)),
      ),
    )
    .orderBy(sql`${eventVendorCode.companyCode} is null`)
    .limit(1);
  const t = rows[0]?.eventType;
  return t && DEVICE_TYPES.has(t) ? (t as EventType) : null;
}

/** The row as stored, without its creation time. */
const toRecord = ({ createdAt: _created, ...r }: typeof eventVendorCode.$inferSelect): VendorCodeRecord => ({
  ...r,
  eventType: r.eventType as VendorCodeRecord['eventType'],
});

/** The entries `auth` works with: an administrator's all, a company's own and the platform's. */
export async function listVendorCodes(db: Db, auth: AuthContext): Promise<VendorCodeRecord[]> {
  const rows = await db
    .select()
    .from(eventVendorCode)
    .where(auth.isAdmin ? undefined : or(eq(eventVendorCode.companyCode, auth.companyCode ?? '\u0000'), isNull(eventVendorCode.companyCode)))
    .orderBy(asc(eventVendorCode.vendorId), asc(eventVendorCode.vendorErrorCode), asc(eventVendorCode.id));
  return rows.map(toRecord);
}

/** Adds an entry: a company user's for their company; an administrator's for `companyCode` or the platform. */
export async function createVendorCode(db: Db, auth: AuthContext, input: VendorCodeInput): Promise<VendorCodeRecord> {
  assertSameCompany(auth, input.companyCode, 'write');
  const companyCode = auth.isAdmin ? (input.companyCode ?? null) : auth.companyCode;
  try {
    const [row] = await db
      .insert(eventVendorCode)
      .values({
        companyCode,
        vendorId: input.vendorId,
        vendorErrorCode: input.vendorErrorCode,
        eventType: input.eventType,
        remark: input.remark ?? null,
      })
      .returning();
    return toRecord(row!);
  } catch (err) {
    if (uniqueViolation(err) !== undefined) throw new AppError(736, 'vendorErrorCode');
    throw err;
  }
}

/** Deletes an entry of the caller's company (the platform's only by an administrator). */
export async function deleteVendorCode(db: Db, auth: AuthContext, id: number): Promise<void> {
  const [row] = await db.select().from(eventVendorCode).where(eq(eventVendorCode.id, id));
  if (!row) throw new AppError(737);
  if (!auth.isAdmin && row.companyCode !== auth.companyCode) throw new AppError(725);
  await db.delete(eventVendorCode).where(eq(eventVendorCode.id, id));
}
