/**
 * DataTransfer from a charger or a gateway (OCPP 1.6 §4.3; requirements R12.45). The vendorId is
 * known when `OCPP_DATA_TRANSFER_VENDORS` lists it or the vendor code table names it (a platform
 * entry, or one of the identity's company); vendorId and messageId compare case-insensitively
 * (CiString).
 * - unknown vendorId → `UnknownVendorId`, nothing stored in `data_transfer`;
 * - a known vendor listed with its messageIds, another messageId → `UnknownMessageId`, nothing stored;
 * - otherwise stored in `data_transfer` under the connection's identity, `Accepted` (past the
 *   identity's charger-log byte budget: `Rejected`, not stored).
 * The frame itself is in the charger log either way.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dataTransfer, eventVendorCode } from '../../db/schema.js';
import type { OcppHandler } from '../context.js';
import { logBudgetOf } from '../frame-recorder.js';
import type { DataTransferConf, DataTransferReq } from '../messages.js';

/** The DataTransfer identity: its SN and company (the vendor code table is per company). */
export interface DataTransferIdentity {
  serialNum: string;
  companyCode: string;
}

/** Whether `vendorId` / `messageId` is one this central system takes from `who` (see the module comment). */
export async function dataTransferVerdict(app: FastifyInstance, who: DataTransferIdentity, p: DataTransferReq): Promise<DataTransferConf['status']> {
  const vendor = p.vendorId.toLowerCase();
  const configured = app.config.dataTransferVendors.get(vendor);
  if (configured !== undefined) {
    return configured === null || p.messageId === undefined || configured.has(p.messageId.toLowerCase()) ? 'Accepted' : 'UnknownMessageId';
  }
  const [named] = await app.db
    .select({ id: eventVendorCode.id })
    .from(eventVendorCode)
    .where(and(sql`lower(${eventVendorCode.vendorId}) = ${vendor}`, or(isNull(eventVendorCode.companyCode), eq(eventVendorCode.companyCode, who.companyCode))))
    .limit(1);
  return named ? 'Accepted' : 'UnknownVendorId';
}

/**
 * Answers one DataTransfer of `who`, storing it when it is Accepted. Its data counts against the
 * identity's charger-log budget (../log-budget.ts): past the budget it is answered `Rejected` and
 * not stored, so a known vendor's flood cannot fill the disk either.
 */
export async function recordDataTransfer(app: FastifyInstance, who: DataTransferIdentity, p: DataTransferReq): Promise<DataTransferConf> {
  const status = await dataTransferVerdict(app, who, p);
  if (status !== 'Accepted') return { status };
  const budget = logBudgetOf(app);
  if (budget && !budget.spend(who.serialNum, Buffer.byteLength(p.data ?? '') + Buffer.byteLength(p.vendorId) + Buffer.byteLength(p.messageId ?? '')))
    return { status: 'Rejected' };
  await app.db.insert(dataTransfer).values({
    chargerSn: who.serialNum,
    vendorId: p.vendorId,
    messageId: p.messageId ?? null,
    data: p.data ?? null,
  });
  return { status };
}

export const dataTransferHandler: OcppHandler<DataTransferReq, DataTransferConf> = (ctx, p) => recordDataTransfer(ctx.app, ctx.charger, p);
