/**
 * The metrics of one node (requirements R12.38; docs/deployment.md "Metrics and health"), in the
 * Prometheus text format, on a registry of its own (several nodes may share a process in tests).
 * Every series carries `node` (the cluster node id, else the host name). Families:
 * - `chargedesk_ocpp_connections{kind}` — open charger / gateway sockets (read at scrape time);
 * - `chargedesk_ocpp_messages_total{action,result}`, `chargedesk_ocpp_handler_seconds{action}` —
 *   ./action-stats.ts (the hot path's share: typed-array increments only);
 * - `chargedesk_ocpp_commands_total{action,outcome}` — commands sent to chargers: `accepted`,
 *   `refused` (719), `timeout` (718), `not_connected` (720), `error`; actions outside OCPP 1.6's
 *   central-system commands count as `other`;
 * - `chargedesk_ocpp_db_queue_depth` — OCPP messages waiting for the database share (OCPP_DB_CONCURRENCY);
 * - `chargedesk_db_pool_connections{state}` — PostgreSQL pool: `total`, `idle`, `waiting` (clients
 *   waiting for a connection); absent on the embedded database;
 * - `chargedesk_mail_outbox{status}` — e-mails `queued` and `failed` (one count at scrape time,
 *   given up after 2 s: a slow database leaves the previous value);
 * - `chargedesk_upload_open{receiver}`, `chargedesk_upload_refused_total{receiver,reason}` — the
 *   diagnostics receivers' connections / uploads and what their bounds refused (R15.15);
 * - Node.js's own (`nodejs_eventloop_lag_seconds`, heap, GC, `process_open_fds`, CPU) from prom-client.
 * Labels are bounded: action names from the OCPP tables, never a chargeBoxId.
 */
import { hostname } from 'node:os';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Db } from '../../db/client.js';
import { outboxCounts } from '../mail/index.js';
import { ActionStats } from './action-stats.js';

/** OCPP 1.6 commands of the central system (the only `action` values of the commands counter besides `other`). */
export const OCPP_COMMANDS = new Set([
  'CancelReservation',
  'ChangeAvailability',
  'ChangeConfiguration',
  'ClearCache',
  'ClearChargingProfile',
  'DataTransfer',
  'GetCompositeSchedule',
  'GetConfiguration',
  'GetDiagnostics',
  'GetLocalListVersion',
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'ReserveNow',
  'Reset',
  'SendLocalList',
  'SetChargingProfile',
  'TriggerMessage',
  'UnlockConnector',
  'UpdateFirmware',
]);

/** Outcomes of a command (see the module). */
export type CommandOutcome = 'accepted' | 'refused' | 'timeout' | 'not_connected' | 'error';

/** The outcome of a command that failed with `err` (an AppError's catalogue code decides). */
export function commandOutcomeOf(err: unknown): CommandOutcome {
  const code = (err as { code?: unknown } | null)?.code;
  // 795 (sent, the socket closed before the answer) is a command that got no answer.
  return code === 719 ? 'refused' : code === 718 || code === 795 ? 'timeout' : code === 720 ? 'not_connected' : 'error';
}

/** What the charger link reports at scrape time. */
export interface OcppSources {
  connections: () => { chargers: number; gateways: number };
  queued: () => number;
}

/** Upload receivers and the reasons their bounds refuse (bounded label values). */
export type UploadReceiver = 'ftp' | 'http';

/** The pool counters of node-postgres (duck-typed: the embedded database has none). */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/** The metrics of one node; see the module. */
export class NodeMetrics {
  readonly registry = new Registry();
  /** Per-action OCPP stats, once the charger link has named its actions ({@link NodeMetrics.useOcppActions}). */
  ocpp: ActionStats | null = null;
  private ocppSources: OcppSources | null = null;
  private readonly uploadOpen = new Map<UploadReceiver, () => number>();
  private readonly commands: Counter<'action' | 'outcome'>;
  private readonly uploadRefused: Counter<'receiver' | 'reason'>;

  constructor(db: Db, nodeName: string = hostname()) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ node: nodeName });
    collectDefaultMetrics({ register: this.registry });
    const self = this;
    new Gauge({
      name: 'chargedesk_ocpp_connections',
      help: 'Open OCPP sockets on this node, by kind (charger, gateway)',
      labelNames: ['kind'],
      registers,
      collect() {
        const c = self.ocppSources?.connections() ?? { chargers: 0, gateways: 0 };
        this.set({ kind: 'charger' }, c.chargers);
        this.set({ kind: 'gateway' }, c.gateways);
      },
    });
    new Gauge({
      name: 'chargedesk_ocpp_db_queue_depth',
      help: 'OCPP messages waiting for the database share (OCPP_DB_CONCURRENCY)',
      registers,
      collect() {
        this.set(self.ocppSources?.queued() ?? 0);
      },
    });
    this.commands = new Counter({
      name: 'chargedesk_ocpp_commands_total',
      help: 'Commands sent to chargers, by action and outcome',
      labelNames: ['action', 'outcome'],
      registers,
    });
    const pool = (db as unknown as { $client?: Partial<PoolCounts> }).$client;
    if (pool && typeof pool.totalCount === 'number') {
      new Gauge({
        name: 'chargedesk_db_pool_connections',
        help: 'PostgreSQL pool connections: total, idle, and clients waiting for one',
        labelNames: ['state'],
        registers,
        collect() {
          this.set({ state: 'total' }, pool.totalCount ?? 0);
          this.set({ state: 'idle' }, pool.idleCount ?? 0);
          this.set({ state: 'waiting' }, pool.waitingCount ?? 0);
        },
      });
    }
    new Gauge({
      name: 'chargedesk_mail_outbox',
      help: 'E-mails in the outbox: queued (waiting or retrying) and failed',
      labelNames: ['status'],
      registers,
      async collect() {
        const counts = await Promise.race([outboxCounts(db, null), new Promise<null>((r) => setTimeout(() => r(null), 2000).unref())]).catch(() => null);
        if (!counts) return;
        this.set({ status: 'queued' }, counts.queued);
        this.set({ status: 'failed' }, counts.failed);
      },
    });
    new Gauge({
      name: 'chargedesk_upload_open',
      help: 'Diagnostics receivers: FTP connections and HTTP uploads open now',
      labelNames: ['receiver'],
      registers,
      collect() {
        for (const [receiver, open] of self.uploadOpen) this.set({ receiver }, open());
      },
    });
    this.uploadRefused = new Counter({
      name: 'chargedesk_upload_refused_total',
      help: 'Diagnostics connections and uploads refused or cut by their bounds, by receiver and reason',
      labelNames: ['receiver', 'reason'],
      registers,
    });
  }

  /** The charger link's actions (its tables' names) and what it reports at scrape time. */
  useOcpp(actions: Iterable<string>, sources: OcppSources): ActionStats {
    if (!this.ocpp) {
      this.ocpp = new ActionStats(actions);
      for (const m of this.ocpp.metrics()) this.registry.registerMetric(m as unknown as Parameters<Registry['registerMetric']>[0]);
    }
    this.ocppSources = sources;
    return this.ocpp;
  }

  /** Counts a command's outcome. */
  command(action: string, outcome: CommandOutcome): void {
    this.commands.inc({ action: OCPP_COMMANDS.has(action) ? action : 'other', outcome });
  }

  /** Where a receiver's open count is read at scrape time. */
  uploadSource(receiver: UploadReceiver, open: () => number): void {
    this.uploadOpen.set(receiver, open);
  }

  /** Counts a refusal of a receiver's bounds (`reason`: a fixed word, e.g. `address`, `login_timeout`, `rate`). */
  refused(receiver: UploadReceiver, reason: string): void {
    this.uploadRefused.inc({ receiver, reason });
  }

  /** The text exposition and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
