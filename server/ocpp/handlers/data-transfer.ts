/**
 * DataTransfer: stored in `data_transfer` under the connection's identity (a charger's or a
 * gateway's SN) and answered Accepted whatever the vendorId.
 */
import type { FastifyInstance } from 'fastify';
import { dataTransfer } from '../../db/schema.js';
import type { OcppHandler } from '../context.js';
import type { DataTransferConf, DataTransferReq } from '../messages.js';

/** Stores one DataTransfer of `identity` and answers Accepted. */
export async function recordDataTransfer(app: FastifyInstance, identity: string, p: DataTransferReq): Promise<DataTransferConf> {
  await app.db.insert(dataTransfer).values({
    chargerSn: identity, vendorId: p.vendorId, messageId: p.messageId ?? null, data: p.data ?? null,
  });
  return { status: 'Accepted' };
}

export const dataTransferHandler: OcppHandler<DataTransferReq, DataTransferConf> = (ctx, p) => recordDataTransfer(ctx.app, ctx.charger.serialNum, p);
