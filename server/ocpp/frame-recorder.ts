/**
 * What the charger log stores of each frame of one connection (docs/ocpp.md "The charger log";
 * requirements R12.40): one charger must not fill the disk, and every frame still leaves a trace.
 *
 * - A frame is stored in full (./charger-log.ts) while its identity's byte budget lasts
 *   (./log-budget.ts, `OCPP_LOG_BUDGET_BYTES` a day) and it is at most
 *   {@link MAX_STORED_FRAME_BYTES} long.
 * - Otherwise it is a summary row: the same time, direction, type, action and messageId, and as
 *   payload `{ omitted, bytes, sha256 }` — why (`TOO_LARGE`, `RATE_LIMITED`, `OVER_BUDGET`), the
 *   frame's size in bytes and the SHA-256 (hex) of the frame as received.
 * - A CALL over the connection's inbound limit (./inbound-limit.ts, decided here as it arrives) is
 *   a `RATE_LIMITED` summary; its CALLERROR answer is stored as usual.
 * - An answer (CALLRESULT / CALLERROR) to no call of the server's is allowed
 *   {@link UNSOLICITED_LIMITS} per connection; beyond, and beyond the summaries' share of the
 *   budget, frames are dropped and counted: one `DROPPED` row (`{ omitted: 'DROPPED', frames,
 *   bytes }`) per identity at most a minute apart and when its socket closes.
 * So frames = rows + the `frames` of the DROPPED rows. Warnings never carry a payload and are
 * written at most every 10 s per kind (./quiet-warn.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ChargerLogWriter } from './charger-log.js';
import { FrameLabeller } from './charger-log.js';
import type { InboundLimiter } from './inbound-limit.js';
import type { LogBudget } from './log-budget.js';
import type { QuietWarn } from './quiet-warn.js';

/** Largest frame stored in full, bytes (UTF-8); a larger one is a TOO_LARGE summary. */
export const MAX_STORED_FRAME_BYTES = 32 * 1024;

/** Unsolicited answers taken per connection: `ratePerSecond` sustained, `burst` at once. */
export const UNSOLICITED_LIMITS = { ratePerSecond: 1, burst: 10 };

/** Why a frame is a summary row. */
export type Omitted = 'TOO_LARGE' | 'RATE_LIMITED' | 'OVER_BUDGET';

const budgets = new WeakMap<FastifyInstance, LogBudget>();
/** Makes `budget` the one of `app` (the central system does, at start). */
export function useLogBudget(app: FastifyInstance, budget: LogBudget): void {
  budgets.set(app, budget);
}
/** The charger-log budget of `app`, when its central system runs. */
export function logBudgetOf(app: FastifyInstance): LogBudget | undefined {
  return budgets.get(app);
}

/** The frame recorder of one connection. */
export class FrameRecorder {
  private readonly labeller = new FrameLabeller();
  private tokens = UNSOLICITED_LIMITS.burst;
  private last: number;

  constructor(
    private readonly o: {
      identity: string;
      companyCode: string | null;
      writer: ChargerLogWriter;
      budget: LogBudget;
      inbound: InboundLimiter;
      warn: QuietWarn;
      now?: () => number;
    },
  ) {
    this.last = (o.now ?? Date.now)();
  }

  /** An unsolicited answer may be taken now (token bucket of UNSOLICITED_LIMITS). */
  private takeUnsolicited(): boolean {
    const t = (this.o.now ?? Date.now)();
    this.tokens = Math.min(UNSOLICITED_LIMITS.burst, this.tokens + ((t - this.last) / 1000) * UNSOLICITED_LIMITS.ratePerSecond);
    this.last = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Records one frame, `outbound` from the server's point of view. */
  record(message: string, outbound: boolean): void {
    const { identity, budget } = this.o;
    const bytes = Buffer.byteLength(message);
    const row = this.labeller.describe(message, outbound);
    let omitted: Omitted | null = bytes > MAX_STORED_FRAME_BYTES ? 'TOO_LARGE' : null;
    if (!outbound && row.messageType === 'CALL') {
      if (!this.o.inbound.admit(row.messageId ?? '')) omitted = 'RATE_LIMITED';
    } else if (!outbound && row.action === 'Unknown' && (row.messageType === 'CALLRESULT' || row.messageType === 'CALLERROR')) {
      // An answer to no call of ours (ocpp-rpc refuses it as a bad message).
      if (!this.takeUnsolicited()) {
        budget.dropped(identity, bytes);
        this.reportDropped();
        return;
      }
    }
    const fate = budget.charge(identity, bytes, omitted === null);
    if (fate === 'drop') {
      this.reportDropped();
      return;
    }
    const payload = fate === 'full' ? row.payload : { omitted: omitted ?? 'OVER_BUDGET', bytes, sha256: createHash('sha256').update(message).digest('hex') };
    this.o.writer.push({ chargerSn: identity, companyCode: this.o.companyCode, ...row, payload });
  }

  /** Stores the identity's dropped-frame count when one is due (`force`: its socket closed). */
  reportDropped(force = false): void {
    const d = this.o.budget.takeDropped(this.o.identity, force);
    if (!d) return;
    this.o.writer.push({
      chargerSn: this.o.identity,
      companyCode: this.o.companyCode,
      direction: 'IN',
      messageType: 'DROPPED',
      action: 'Unknown',
      messageId: null,
      payload: { omitted: 'DROPPED', frames: d.frames, bytes: d.bytes },
    });
    this.o.warn.warn(
      'dropped',
      { frames: d.frames, bytes: d.bytes },
      'charger log: frames over the budget or unsolicited answers over their rate dropped (counted)',
    );
  }
}
