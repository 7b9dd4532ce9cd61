/**
 * Configuration from the environment (README lists every variable). Read once at start-up.
 */
import { parseTrustProxy } from './http/client-address.js';
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  /** Attach simulated chargers to the demo network at start-up. */
  simulate: boolean;
  /** Load the demo network on an empty database (default: on with PGlite, off with DATABASE_URL). */
  demo: boolean;
  tokenTtlHours: number;
  logLevel: string;
  /** Heartbeat interval (s) answered in BootNotification. */
  heartbeatInterval: number;
  /** WebSocket ping interval (s); a dead socket is dropped after two missed pongs. */
  pingInterval: number;
  /** OCPP call timeout (ms) for commands sent to chargers (718 after it). */
  commandTimeoutMs: number;
  /** Minutes the previous OCPP password still opens a socket after a charger accepted a new key (OCPP_KEY_GRACE_MINUTES; R10.25). */
  ocppKeyGraceMinutes: number;
  /** Map tile URL template for the console (offline: tiles are simply not drawn). */
  mapTileUrl: string;
  /** Number of simulated chargers to attach (SIM_CHARGERS). */
  simChargers: number;
  /** Directory of the built console (vite build). */
  staticDir: string;
  /** Redis for several nodes (bus and remote commands); none = one node, in-process bus. */
  redisUrl?: string;
  /** Prefix of every Redis key and channel (one per network sharing a Redis). */
  redisPrefix: string;
  /** Proxies whose `X-Forwarded-For` is believed (TRUST_PROXY; addresses, CIDRs, `loopback`); none by default. */
  trustProxy: string[];
  /** PEM certificate chain of the TLS listener (TLS_CERT, a file path; with `tlsKey`: wss:// and HTTPS served in the process, R10.40). */
  tlsCert?: string;
  /** PEM private key of the TLS listener (TLS_KEY, a file path). */
  tlsKey?: string;
  /** Port of the TLS listener (TLS_PORT; default 8443), served beside the plain PORT (docs/deployment.md "TLS"). */
  tlsPort: number;
  /** Secret (any string, hashed to 32 bytes) that encrypts the operators' CA private keys at rest (CERT_KEY_SECRET; AES-256-GCM, R10.43). */
  certKeySecret?: string;
  /** Longest wait for a PostgreSQL connection from the pool (ms; DB_CONNECT_TIMEOUT_MS). */
  dbConnectTimeoutMs: number;
  /** Longest run of one SQL statement on PostgreSQL (ms; DB_STATEMENT_TIMEOUT_MS). */
  dbStatementTimeoutMs: number;
  /** Failed sign-ins of one account from one address within the lock window before that pair is locked, and of the account before its delays start (LOGIN_MAX_FAILURES). */
  loginMaxFailures: number;
  /** Failed sign-ins from one client address within the lock window before it is locked (LOGIN_MAX_ADDRESS_FAILURES). */
  loginMaxAddressFailures: number;
  /** Failure window and cooling-off time of the sign-in throttle (minutes; LOGIN_LOCK_MINUTES). */
  loginLockMinutes: number;
  /** Pending-connection queue of the listening socket (LISTEN_BACKLOG; the kernel caps it at net.core.somaxconn). */
  listenBacklog: number;
  /** A parent process that only accepts connections and hands them to the serving process (ACCEPT_PROCESS, on unless `0`; server/process/acceptor.ts). */
  acceptProcess: boolean;
  /** PostgreSQL connections in the pool (DB_POOL_SIZE). */
  dbPoolSize: number;
  /**
   * OCPP messages handled at once (OCPP_DB_CONCURRENCY): the rest wait their turn in memory, so
   * the console keeps `dbPoolSize − ocppDbConcurrency` connections to itself.
   */
  ocppDbConcurrency: number;
  /**
   * Parallel group commits of the meter values (OCPP_WRITE_LANES; one pool connection each, outside
   * the OCPP_DB_CONCURRENCY slots); default 1: on the 2-core benchmark machine one lane stored the
   * most (2 500 MeterValues/s against 2 340 with 2 lanes and 2 310 with 4: bigger groups, fewer
   * commits), more may pay on a PostgreSQL server with cores of its own.
   */
  ocppWriteLanes: number;
  /** Chargers this node is meant to hold (OCPP_MAX_CHARGERS): start-up warns when the descriptor limit is lower. */
  ocppMaxChargers: number;
  /** How long chargers' last-seen times are gathered in memory before one bulk write (ms; OCPP_SEEN_FLUSH_MS). */
  seenFlushMs: number;
  /** How long a handshake's identity lookup is reused (ms; OCPP_IDENTITY_CACHE_MS; 0 = always read). */
  identityCacheMs: number;
  /** Connections warming up at once (admitted, first CALL not yet answered; OCPP_ADMISSION_WARMUP; 0 = no pacing). */
  ocppAdmissionWarmup: number;
  /** Days the charger log and refused handshakes are kept (LOG_RETENTION_DAYS; 0 = for ever). */
  logRetentionDays: number;
  /** SMTP server of outgoing mail (SMTP_URL, `smtp://user:pass@host:587` or `smtps://…`); none = mail stays queued. */
  smtpUrl?: string;
  /** Sender of outgoing mail (MAIL_FROM). */
  mailFrom: string;
  /** How often the mail worker looks for due mail (ms); first retry delay (ms), doubled per attempt up to 30 min. */
  mailPollMs: number;
  mailRetryBaseMs: number;
  /** Mail waiting per recipient before further mail to it is folded into one digest (MAIL_MAX_QUEUED_PER_RECIPIENT; 0 = no cap). */
  mailMaxQueuedPerRecipient: number;
  /** Mail waiting in the whole outbox before new mail is only folded into existing digests (MAIL_OUTBOX_MAX; 0 = no bound). */
  mailOutboxMax: number;
  /** A recovered event that happens again within this many seconds is reopened, not a new event (EVENT_REOPEN_S; 0 = never). */
  eventReopenS: number;
  /** Report tickets one app user may post per hour (TICKET_MAX_PER_HOUR; 0 = no limit). */
  ticketMaxPerHour: number;
  /** Image bytes of one app user's tickets per 24 hours (TICKET_MAX_BYTES_PER_DAY; 0 = no limit). */
  ticketMaxBytesPerDay: number;
  /** Largest firmware image accepted (bytes; FIRMWARE_MAX_BYTES). */
  firmwareMaxBytes: number;
  /** Largest diagnostics file a charger may upload (bytes; DIAGNOSTICS_MAX_BYTES). */
  diagnosticsMaxBytes: number;
  /** Lifetime of a signed firmware download URL (hours; FILE_URL_TTL_HOURS). */
  fileUrlTtlHours: number;
  /** A charger of a campaign that reports nothing for this long fails (seconds; FIRMWARE_SILENCE_S). */
  firmwareSilenceS: number;
  /** Address chargers use to reach this server's files (PUBLIC_URL); absent = the address the console used. */
  publicUrl?: string;
  /** Key signing file URLs (FILE_URL_SECRET); absent = one kept in the database, shared by every node. */
  fileUrlSecret?: string;
  /** Port of the FTP receiver of diagnostics (FTP_PORT); absent = no FTP receiver. */
  ftpPort?: number;
  /** Address the FTP receiver announces for passive transfers (FTP_PASV_HOST; default 127.0.0.1). */
  ftpPasvHost: string;
  /** Ports of passive FTP data connections, first and last (FTP_PASV_PORTS `30000-30099`). */
  ftpPasvPorts: [number, number];
  /** Days a received diagnostics file is kept (DIAGNOSTICS_RETENTION_DAYS; 0 = for ever). */
  diagnosticsRetentionDays: number;
  /** FTP control connections open at once, in all and per client address (FTP_MAX_CONNECTIONS, FTP_MAX_PER_ADDRESS). */
  ftpMaxConnections: number;
  ftpMaxPerAddress: number;
  /** An FTP connection not logged in after this long is closed, whatever it sends (ms; FTP_LOGIN_TIMEOUT_S). */
  ftpLoginTimeoutMs: number;
  /** HTTP diagnostics uploads in progress at once, in all and per client address (UPLOAD_MAX_CONCURRENT, UPLOAD_MAX_PER_ADDRESS). */
  uploadMaxConcurrent: number;
  uploadMaxPerAddress: number;
  /** Longest upload from a charger, HTTP or FTP (ms; UPLOAD_TIME_LIMIT_S); also the longest FTP session after login. */
  uploadTimeLimitMs: number;
  /** Slowest upload kept going: bytes per second over each `uploadRateWindowMs` (UPLOAD_MIN_BYTES_PER_S; 0 = no check). */
  uploadMinBytesPerS: number;
  uploadRateWindowMs: number;
  /** Bearer token of `GET /metrics` (METRICS_TOKEN); absent = the endpoint answers 757. */
  metricsToken?: string;
  /** A separate listener for `/metrics`, `/healthz` and `/readyz` without a token, on an admin address (METRICS_PORT, METRICS_HOST). */
  metricsPort?: number;
  metricsHost: string;
  /**
   * Vendors whose DataTransfer this central system takes (OCPP_DATA_TRANSFER_VENDORS), keyed by
   * vendorId in lower case (OCPP CiString): null = any messageId, else the messageIds taken (lower
   * case). Vendors of the vendor code table are known too (server/ocpp/handlers/data-transfer.ts).
   */
  dataTransferVendors: ReadonlyMap<string, ReadonlySet<string> | null>;
  /**
   * Bytes of frames one charger (or gateway) may have stored in full in the charger log per day
   * (OCPP_LOG_BUDGET_BYTES; at least 65 536); beyond, summary rows (server/ocpp/log-budget.ts).
   */
  ocppLogBudgetBytes: number;
}

/**
 * Reads OCPP_DATA_TRANSFER_VENDORS: comma-separated entries `vendorId` (any messageId) or
 * `vendorId=messageId|messageId` (only those); blanks ignored, case-insensitive.
 */
export function parseDataTransferVendors(v: string | undefined): Map<string, Set<string> | null> {
  const out = new Map<string, Set<string> | null>();
  for (const entry of (v ?? '').split(',')) {
    const [vendor, messages] = entry.split('=', 2).map((x) => x.trim());
    if (!vendor) continue;
    const ids =
      messages === undefined
        ? null
        : new Set(
            messages
              .split('|')
              .map((m) => m.trim().toLowerCase())
              .filter(Boolean),
          );
    const before = out.get(vendor.toLowerCase());
    // A vendor listed once without messageIds takes every messageId.
    out.set(vendor.toLowerCase(), before === null || ids === null ? null : new Set([...(before ?? []), ...ids]));
  }
  return out;
}

/** Reads a `first-last` port range; anything else is `fallback`. */
function portRange(v: string | undefined, fallback: [number, number]): [number, number] {
  const m = /^\s*(\d{1,5})\s*-\s*(\d{1,5})\s*$/.exec(v ?? '');
  if (!m) return fallback;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a >= 1 && b <= 65535 && a <= b ? [a, b] : fallback;
}

const num = (v: string | undefined, d: number) => (v !== undefined && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : d);

/** Builds the configuration from `env` (process.env by default) and command-line flags. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const databaseUrl = env.DATABASE_URL || undefined;
  const demoFlag = argv.includes('--demo');
  const dbPoolSize = Math.max(2, num(env.DB_POOL_SIZE, 16));
  const ocppWriteLanes = Math.max(1, Math.min(16, num(env.OCPP_WRITE_LANES, 1)));
  return {
    port: num(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    simulate: env.SIMULATE !== '0',
    demo: env.DEMO !== undefined ? env.DEMO !== '0' : demoFlag || !databaseUrl,
    tokenTtlHours: num(env.TOKEN_TTL_HOURS, 12),
    logLevel: env.LOG_LEVEL ?? 'info',
    heartbeatInterval: num(env.OCPP_HEARTBEAT_INTERVAL, 60),
    pingInterval: num(env.OCPP_PING_INTERVAL, 30),
    commandTimeoutMs: num(env.OCPP_COMMAND_TIMEOUT_MS, 30000),
    ocppKeyGraceMinutes: Math.max(0, num(env.OCPP_KEY_GRACE_MINUTES, 60)),
    mapTileUrl: env.MAP_TILE_URL ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    simChargers: num(env.SIM_CHARGERS, 32),
    staticDir: env.STATIC_DIR ?? './dist',
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'chargedesk:',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tlsCert: env.TLS_CERT || undefined,
    tlsKey: env.TLS_KEY || undefined,
    tlsPort: num(env.TLS_PORT, 8443),
    certKeySecret: env.CERT_KEY_SECRET || undefined,
    dbConnectTimeoutMs: num(env.DB_CONNECT_TIMEOUT_MS, 5000),
    dbStatementTimeoutMs: num(env.DB_STATEMENT_TIMEOUT_MS, 15000),
    loginMaxFailures: num(env.LOGIN_MAX_FAILURES, 5),
    loginMaxAddressFailures: num(env.LOGIN_MAX_ADDRESS_FAILURES, 20),
    loginLockMinutes: num(env.LOGIN_LOCK_MINUTES, 15),
    listenBacklog: num(env.LISTEN_BACKLOG, 4096),
    acceptProcess: env.ACCEPT_PROCESS !== '0',
    dbPoolSize,
    // PGlite is one connection that queues every query in order: two OCPP messages at a time leave the console next in line.
    ocppDbConcurrency: Math.max(1, num(env.OCPP_DB_CONCURRENCY, databaseUrl ? Math.max(1, dbPoolSize - 6 - ocppWriteLanes) : 2)),
    ocppWriteLanes,
    ocppMaxChargers: num(env.OCPP_MAX_CHARGERS, 10_000),
    seenFlushMs: num(env.OCPP_SEEN_FLUSH_MS, 5000),
    identityCacheMs: num(env.OCPP_IDENTITY_CACHE_MS, 30_000),
    ocppAdmissionWarmup: Math.max(0, num(env.OCPP_ADMISSION_WARMUP, 64)),
    logRetentionDays: Math.max(0, num(env.LOG_RETENTION_DAYS, 90)),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'ChargeDesk <no-reply@localhost>',
    mailPollMs: 2_000,
    mailRetryBaseMs: 10_000,
    mailMaxQueuedPerRecipient: Math.max(0, num(env.MAIL_MAX_QUEUED_PER_RECIPIENT, 20)),
    mailOutboxMax: Math.max(0, num(env.MAIL_OUTBOX_MAX, 10_000)),
    eventReopenS: Math.max(0, num(env.EVENT_REOPEN_S, 900)),
    ticketMaxPerHour: Math.max(0, num(env.TICKET_MAX_PER_HOUR, 10)),
    ticketMaxBytesPerDay: Math.max(0, num(env.TICKET_MAX_BYTES_PER_DAY, 20 * 1024 * 1024)),
    firmwareMaxBytes: num(env.FIRMWARE_MAX_BYTES, 16 * 1024 * 1024),
    diagnosticsMaxBytes: num(env.DIAGNOSTICS_MAX_BYTES, 32 * 1024 * 1024),
    fileUrlTtlHours: num(env.FILE_URL_TTL_HOURS, 24),
    firmwareSilenceS: num(env.FIRMWARE_SILENCE_S, 1800),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    fileUrlSecret: env.FILE_URL_SECRET || undefined,
    ftpPort: env.FTP_PORT ? num(env.FTP_PORT, 0) : undefined,
    ftpPasvHost: env.FTP_PASV_HOST || '127.0.0.1',
    ftpPasvPorts: portRange(env.FTP_PASV_PORTS, [30000, 30099]),
    diagnosticsRetentionDays: Math.max(0, num(env.DIAGNOSTICS_RETENTION_DAYS, 90)),
    ftpMaxConnections: Math.max(1, num(env.FTP_MAX_CONNECTIONS, 32)),
    ftpMaxPerAddress: Math.max(1, num(env.FTP_MAX_PER_ADDRESS, 4)),
    ftpLoginTimeoutMs: Math.max(1, num(env.FTP_LOGIN_TIMEOUT_S, 20)) * 1000,
    uploadMaxConcurrent: Math.max(1, num(env.UPLOAD_MAX_CONCURRENT, 16)),
    uploadMaxPerAddress: Math.max(1, num(env.UPLOAD_MAX_PER_ADDRESS, 4)),
    uploadTimeLimitMs: Math.max(1, num(env.UPLOAD_TIME_LIMIT_S, 1800)) * 1000,
    uploadMinBytesPerS: Math.max(0, num(env.UPLOAD_MIN_BYTES_PER_S, 1024)),
    uploadRateWindowMs: 30_000,
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? num(env.METRICS_PORT, 0) : undefined,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    dataTransferVendors: parseDataTransferVendors(env.OCPP_DATA_TRANSFER_VENDORS),
    ocppLogBudgetBytes: Math.max(65_536, num(env.OCPP_LOG_BUDGET_BYTES, 64 * 1024 * 1024)),
  };
}
