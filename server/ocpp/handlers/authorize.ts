/**
 * Authorize: answer the idTag rule of server/modules/transactions/id-tag.ts from the card's own
 * status (`authorizeIdTag`: never ConcurrentTx, which OCPP 1.6 keeps for StartTransaction), with
 * the idTag's `expiryDate` when it has one; a refused card is a
 * CARD_REJECTED problem in the bell (one per card and day), recorded after the verdict and never
 * in the way of the answer.
 */
import { recordCardRejected } from '../../modules/notifications/notices.js';
import { authorizeIdTag, idTagInfoOf } from '../../modules/transactions/id-tag.js';
import { currentCharger, type OcppHandler } from '../context.js';
import type { AuthorizeConf, AuthorizeReq } from '../messages.js';

export const authorize: OcppHandler<AuthorizeReq, AuthorizeConf> = async (ctx, p) => {
  const at = await currentCharger(ctx);
  const verdict = await authorizeIdTag(ctx.app.db, p.idTag, at);
  if (verdict.status !== 'Accepted') {
    await recordCardRejected(ctx.app.db, at, p.idTag, verdict.status).catch((err: unknown) => ctx.log.warn({ err }, 'card-rejected notice not stored'));
  }
  return { idTagInfo: idTagInfoOf(verdict) };
};
