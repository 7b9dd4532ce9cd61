/**
 * OCPP messages per action and their handling time (requirements R12.38), kept for the hot path:
 * one {@link ActionStats.record} per CALL adds to preallocated typed arrays — no label lookup, no
 * string, no object per message. The action names are fixed when the stats are built (the OCPP
 * tables' actions, plus `other`), so the labels are bounded; a chargeBoxId is never a label.
 * At scrape time {@link ActionStats.metrics} gives two prom-client-compatible metrics:
 * - `chargedesk_ocpp_messages_total{action, result}` (counter; result `ok`, `error`, `rate_limited`);
 * - `chargedesk_ocpp_handler_seconds{action}` (histogram: from the CALL's arrival to its answer,
 *   waiting for the database share included).
 */

/** Results of a handled CALL: answered, answered CALLERROR, refused by the per-charger rate limit. */
export const RESULTS = ['ok', 'error', 'rate_limited'] as const;
export type ActionResult = 0 | 1 | 2;

/** Upper bounds of the handling-time buckets (seconds). */
export const HANDLER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A metric as prom-client's Registry reads it (`registerMetric`). */
export interface CustomMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram' | 'gauge';
  aggregator: 'sum';
  get(): { name: string; help: string; type: string; aggregator: 'sum'; values: { labels: Record<string, string>; value: number; metricName?: string }[] };
  reset(): void;
}

/** Per-action counters and histograms; see the module. */
export class ActionStats {
  readonly names: string[];
  private readonly index = new Map<string, number>();
  private readonly counts: Float64Array;
  private readonly buckets: Float64Array;
  private readonly sums: Float64Array;
  private readonly width = HANDLER_BUCKETS.length + 1;

  constructor(actions: Iterable<string>) {
    this.names = [...new Set(actions)].sort();
    this.names.push('other');
    for (const [i, n] of this.names.entries()) this.index.set(n, i);
    this.counts = new Float64Array(this.names.length * RESULTS.length);
    this.buckets = new Float64Array(this.names.length * this.width);
    this.sums = new Float64Array(this.names.length);
  }

  /** The slot of `action` (`other` for a name not in the tables); look it up once, not per message. */
  slot(action: string): number {
    return this.index.get(action) ?? this.names.length - 1;
  }

  /** Counts one CALL of slot `slot`, handled in `seconds`, with `result`. */
  record(slot: number, seconds: number, result: ActionResult): void {
    this.counts[slot * RESULTS.length + result]++;
    let b = 0;
    while (b < HANDLER_BUCKETS.length && seconds > HANDLER_BUCKETS[b]) b++;
    this.buckets[slot * this.width + b]++;
    this.sums[slot] += seconds;
  }

  /** Messages of `action` with `result` so far (tests). */
  count(action: string, result: (typeof RESULTS)[number] = 'ok'): number {
    return this.counts[this.slot(action) * RESULTS.length + RESULTS.indexOf(result)];
  }

  private seen(i: number): boolean {
    for (let r = 0; r < RESULTS.length; r++) if (this.counts[i * RESULTS.length + r] > 0) return true;
    return false;
  }

  /** The two metrics to register (see the module). */
  metrics(): CustomMetric[] {
    const messages = 'chargedesk_ocpp_messages_total';
    const seconds = 'chargedesk_ocpp_handler_seconds';
    const help: Record<string, string> = {
      [messages]: 'OCPP CALLs from chargers and gateways handled by this node, by action and result',
      [seconds]: "Time from an OCPP CALL's arrival to its answer, by action (seconds)",
    };
    const metric = (
      name: string,
      type: 'counter' | 'histogram',
      values: () => { labels: Record<string, string>; value: number; metricName?: string }[],
    ): CustomMetric => ({
      name,
      help: help[name],
      type,
      aggregator: 'sum',
      get: () => ({ name, help: help[name], type, aggregator: 'sum', values: values() }),
      reset: () => undefined,
    });
    return [
      metric(messages, 'counter', () =>
        this.names
          .flatMap((action, i) => RESULTS.map((result, r) => ({ labels: { action, result }, value: this.counts[i * RESULTS.length + r] })))
          .filter((v) => v.value > 0 || v.labels.result === 'ok'),
      ),
      // Histogram series only for actions seen (a node hears few of the tables' actions).
      metric(seconds, 'histogram', () =>
        this.names.flatMap((action, i) => {
          if (!this.seen(i)) return [];
          const out: { labels: Record<string, string>; value: number; metricName: string }[] = [];
          let cumulative = 0;
          for (let b = 0; b < this.width; b++) {
            cumulative += this.buckets[i * this.width + b];
            out.push({
              metricName: `${seconds}_bucket`,
              labels: { action, le: b < HANDLER_BUCKETS.length ? String(HANDLER_BUCKETS[b]) : '+Inf' },
              value: cumulative,
            });
          }
          out.push({ metricName: `${seconds}_sum`, labels: { action }, value: this.sums[i] });
          out.push({ metricName: `${seconds}_count`, labels: { action }, value: cumulative });
          return out;
        }),
      ),
    ];
  }
}
