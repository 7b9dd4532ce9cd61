/** DataTransfer: stored in `data_transfer` and answered Accepted whatever the vendorId. */
import { dataTransfer } from '../../db/schema.js';
import type { OcppHandler } from '../context.js';
import type { DataTransferConf, DataTransferReq } from '../messages.js';

export const dataTransferHandler: OcppHandler<DataTransferReq, DataTransferConf> = async (ctx, p) => {
  await ctx.app.db.insert(dataTransfer).values({
    chargerSn: ctx.charger.serialNum, vendorId: p.vendorId, messageId: p.messageId ?? null, data: p.data ?? null,
  });
  return { status: 'Accepted' };
};
