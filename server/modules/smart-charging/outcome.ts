/**
 * A command to a charger whose failure is an outcome to show, not an error to answer: the
 * charger's answer, or the catalogue code of the failure (718 timeout, 719 refused, 720 not
 * connected, 795 sent but the socket closed before the answer). Used where one save sends to a charger (home charger settings, schedules, load
 * balancing) and the answer is shown beside the saved record (requirements §16).
 */
import type { FastifyInstance } from 'fastify';
import type { CommandOutcome } from '../../../domain/entities/home-charger.js';
import { AppError } from '../../../domain/app-error.js';
import { commandTo } from '../command/service.js';

/** Codes a command's failure answers (server/ocpp/commands.ts). */
const COMMAND_FAILURES: ReadonlySet<number> = new Set([718, 719, 720, 795]);

/** Sends `action` to `target` and returns the outcome; any other failure (a bug, the database) is thrown. */
export async function tryCommand(
  app: FastifyInstance,
  by: string,
  target: { serialNum: string; companyCode: string },
  action: string,
  payload: Record<string, unknown>,
): Promise<CommandOutcome> {
  const at = new Date().toISOString();
  try {
    const answer = await commandTo(app, by, target, action, payload);
    return { at, action, result: 'ACCEPTED', code: null, answer };
  } catch (err) {
    if (err instanceof AppError && COMMAND_FAILURES.has(err.code)) return { at, action, result: 'FAILED', code: err.code, answer: err.data ?? null };
    throw err;
  }
}

/** Throws the failure of `outcome` as the command would have (718/719/720), or returns it. */
export function throwIfFailed(outcome: CommandOutcome): CommandOutcome {
  if (outcome.result === 'FAILED' && outcome.code !== null) throw new AppError(outcome.code as 718 | 719 | 720, undefined, outcome.answer ?? undefined);
  return outcome;
}
