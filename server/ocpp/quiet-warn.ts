/**
 * Warnings a stranger can trigger at will (malformed frames, unsolicited answers, schema
 * violations), written at most once per `everyMs` per kind and connection, with the number held
 * back since the last one (`suppressed`), so a flood cannot fill the process's log. Callers pass
 * fields without payloads (docs/ocpp.md "The charger log"; requirements R12.40).
 */
import type { FastifyBaseLogger } from 'fastify';

export class QuietWarn {
  private readonly last = new Map<string, { at: number; suppressed: number }>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes `msg` with `fields` at warn, unless a `kind` warning was written less than `everyMs` ago (then only counts it). */
  warn(kind: string, fields: Record<string, unknown>, msg: string): void {
    const t = this.now();
    const seen = this.last.get(kind);
    if (seen && t - seen.at < this.everyMs) {
      seen.suppressed++;
      return;
    }
    this.log.warn({ ...fields, ...(seen?.suppressed ? { suppressed: seen.suppressed } : {}) }, msg);
    this.last.set(kind, { at: t, suppressed: 0 });
  }
}

/** An ocpp-rpc error as a log line may show it: its RPC code and message cut short, never its details (which carry the payload). */
export function rpcErrorFields(error: unknown): { code?: string; reason: string } {
  const code = error && typeof error === 'object' ? (error as { rpcErrorCode?: unknown }).rpcErrorCode : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return { ...(typeof code === 'string' ? { code } : {}), reason: message.slice(0, 160) };
}
