/** Authorize: answer the idTag rule of server/modules/transactions/id-tag.ts. */
import { checkIdTag } from '../../modules/transactions/id-tag.js';
import { currentCharger, type OcppHandler } from '../context.js';
import type { AuthorizeConf, AuthorizeReq } from '../messages.js';

export const authorize: OcppHandler<AuthorizeReq, AuthorizeConf> = async (ctx, p) => {
  const verdict = await checkIdTag(ctx.app.db, p.idTag, await currentCharger(ctx));
  return { idTagInfo: { status: verdict.status } };
};
