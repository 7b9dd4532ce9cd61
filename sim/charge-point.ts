/**
 * A simulated OCPP 1.6J charge point on the ocpp-rpc client (strict mode: every frame it sends
 * and every answer it gets is validated against the official schemas).
 *
 * It boots, sends StatusNotification for connector 0 and each connector, heartbeats at the
 * interval the central system answers, and runs charging sessions:
 * Preparing → Authorize → StartTransaction → Charging + MeterValues every `meterIntervalMs`
 * (Energy.Active.Import.Register Wh, Power.Active.Import W, Current.Import A, Voltage V, SoC %)
 * → Finishing → StopTransaction → Available. Sessions follow physics: energy is the integral of the
 * reported power over real time (at most the rated power, tapering above 80 % SoC), so a session's
 * energy never exceeds rated power × duration; the registers reported are rounded down.
 *
 * It answers RemoteStartTransaction, RemoteStopTransaction, Reset, UnlockConnector,
 * ChangeAvailability, TriggerMessage (by sending the message asked for), GetConfiguration and
 * ChangeConfiguration (its keys: some read-only → Rejected, some applied at the next boot →
 * RebootRequired, unknown → NotSupported, a value of the wrong kind → Rejected), ClearCache (its
 * authorisation cache), DataTransfer (vendor `ChargeDesk`, message `Echo` answers the data back;
 * UnknownMessageId / UnknownVendorId otherwise), SendLocalList / GetLocalListVersion (a local list
 * with its version; with LocalPreAuthorize a listed card starts without Authorize), ReserveNow /
 * CancelReservation (a reserved connector reports Reserved, refuses another idTag, lets the
 * reserved one start with the reservationId, and becomes Available again at the expiry), and UpdateFirmware: at the retrieve date it downloads the file over HTTP (resuming
 * with a Range request after an interrupted transfer, `retries` times `retryInterval` apart),
 * reports Downloading → Downloaded → Installing → Installed (or DownloadFailed /
 * InstallationFailed) with FirmwareStatusNotification, and reboots with the new version (the
 * URL's `?version=`, else the file name's). A version containing `fail` fails its installation
 * (`failInstall` changes the rule), for tests and the demo. GetDiagnostics: it answers a file name,
 * then uploads a generated log of the window (`diagnosticsBytes`) over HTTP or FTP according to the
 * location's scheme (./diagnostics.ts), reporting Uploading → Uploaded (or UploadFailed) with
 * DiagnosticsStatusNotification.
 */
import type { RpcClient } from '../server/ocpp/rpc.js';
import { ocppClient } from './client.js';
import { ProfileStore } from './charging-profiles.js';
import { diagnosticsLog, uploadDiagnostics } from './diagnostics.js';
import type { ChargingProfile } from '../domain/smart-charging.js';
import { download, versionOf } from './firmware.js';
import { simHandlers, type SimContext } from './handlers/index.js';
import { type Conf, type ConfEntry, type ConnectorState, defaultConfiguration, type Reservation, type Session } from './state.js';

/** Minimal logger (pino-compatible). */
export interface SimLogger {
  info: (...a: unknown[]) => void;
  warn?: (...a: unknown[]) => void;
}

export interface ChargePointOptions {
  /** Central system URL without the identity, e.g. ws://127.0.0.1:8080/ocpp. */
  url: string;
  /** chargeBoxId (the charger SN). */
  identity: string;
  /** OCPP basic-auth password, when the charger has one. */
  password?: string;
  /** Connectors (≥ 1). */
  connectors?: number;
  vendor?: string;
  model?: string;
  firmwareVersion?: string;
  /** Rated power per connector (W). */
  ratedPowerW?: number;
  /** Real milliseconds between MeterValues during a session (default 10 000). */
  meterIntervalMs?: number;
  /** Reconnect after a lost connection (default true). */
  reconnect?: boolean;
  /** Milliseconds between the firmware steps (download done, install, reboot; default 1000). */
  firmwareStepMs?: number;
  /** Whether installing `version` fails (default: the version contains "fail"). */
  failInstall?: (version: string) => boolean;
  /** Size of the diagnostics file it uploads (bytes; default 64 KiB). */
  diagnosticsBytes?: number;
  /** Whether it takes reservations of connector 0, the whole charger (configuration key ReserveConnectorZeroSupported; default false). */
  reserveConnectorZero?: boolean;
  log?: SimLogger;
}

const noop = () => undefined;

export class ChargePoint {
  readonly identity: string;
  private readonly client: RpcClient;
  private readonly opts: Required<
    Omit<ChargePointOptions, 'password' | 'log' | 'firmwareStepMs' | 'failInstall' | 'diagnosticsBytes' | 'reserveConnectorZero'>
  > & { log: SimLogger };
  private readonly firmwareStepMs: number;
  private readonly failInstall: (version: string) => boolean;
  /** A firmware update or a diagnostics upload in progress. */
  private readonly busy = { updating: false, uploading: false };
  private readonly diagnosticsBytes: number;
  private readonly connectors = new Map<number, ConnectorState>();
  private readonly config: Map<string, ConfEntry>;
  /** Values changed that apply at the next boot (RebootRequired keys). */
  private readonly pendingConfig = new Map<string, string>();
  /** The local authorisation list: its version and idTag → status. */
  private readonly localList = { version: 0, entries: new Map<string, string>() };
  /** The authorisation cache (idTags accepted before), cleared by ClearCache. */
  private readonly authCache = new Set<string>();
  /** Reservations by connector. */
  private readonly reservations = new Map<number, Reservation>();
  /** TxProfiles of remote starts, installed when the connector's transaction starts (OCPP RemoteStartTransaction chargingProfile). */
  private readonly startProfiles = new Map<number, ChargingProfile>();
  private heartbeatTimer?: NodeJS.Timeout;
  private readonly background = new Set<Promise<unknown>>();
  private stopped = false;
  /** Set by stop(): no new session starts, running ones end. */
  private stopping = false;
  private readonly running = new Set<Promise<unknown>>();
  private bootedOnce = false;
  private chargerStatus = 'Available';
  /** Charging profiles in force (Smart Charging): they cap the current drawn. */
  readonly profiles = new ProfileStore();

  constructor(o: ChargePointOptions) {
    this.identity = o.identity;
    this.opts = {
      url: o.url,
      identity: o.identity,
      connectors: Math.max(1, o.connectors ?? 2),
      vendor: o.vendor ?? 'ChargeDesk',
      model: o.model ?? 'SIM-AC22',
      firmwareVersion: o.firmwareVersion ?? 'sim-1.0.0',
      ratedPowerW: o.ratedPowerW ?? 11_000,
      meterIntervalMs: o.meterIntervalMs ?? 10_000,
      reconnect: o.reconnect ?? true,
      log: o.log ?? { info: noop },
    };
    this.firmwareStepMs = o.firmwareStepMs ?? 1000;
    this.failInstall = o.failInstall ?? ((v) => v.toLowerCase().includes('fail'));
    this.diagnosticsBytes = o.diagnosticsBytes ?? 64 * 1024;
    this.config = defaultConfiguration(this.opts.connectors);
    if (o.reserveConnectorZero) this.config.set('ReserveConnectorZeroSupported', { value: 'true', readonly: true });
    for (let id = 1; id <= this.opts.connectors; id++) {
      this.connectors.set(id, { status: 'Available', registerWh: 100_000 + Math.floor(Math.random() * 900_000), available: true });
    }
    this.client = ocppClient({
      url: o.url,
      identity: o.identity,
      password: o.password,
      reconnect: this.opts.reconnect,
      callTimeoutMs: 30_000,
      pingIntervalMs: 30_000,
    });
    this.registerHandlers();
    this.client.on('open', () => {
      // Every (re)connection starts with a boot, as a real charger does after a reset.
      if (this.bootedOnce) this.bg(this.boot());
    });
    this.client.on('close', () => this.clearHeartbeat());
  }

  /** Connected and not stopped. */
  get connected(): boolean {
    return this.client.state === 1;
  }

  /** The version of the local authorisation list and its size. */
  get localListState(): { version: number; size: number } {
    return { version: this.localList.version, size: this.localList.entries.size };
  }

  /** The reservation held on `connectorId`, if any. */
  reservationOn(connectorId: number): { id: number; idTag: string; expiresAt: number } | undefined {
    const r = this.reservations.get(connectorId);
    return r ? { id: r.id, idTag: r.idTag, expiresAt: r.expiresAt } : undefined;
  }

  /** Ends the reservation of `connectorId` (used, cancelled or expired); the connector is Available again unless a session took it. */
  private endReservation(connectorId: number, becomesAvailable: boolean): void {
    const r = this.reservations.get(connectorId);
    if (!r) return;
    clearTimeout(r.timer);
    this.reservations.delete(connectorId);
    const c = this.connectors.get(connectorId);
    if (becomesAvailable && c && !c.session && c.status === 'Reserved')
      this.later(() => this.sendStatus(connectorId, c.available ? 'Available' : 'Unavailable'));
  }

  /** Connectors without a session that are available. */
  freeConnectors(): number[] {
    return [...this.connectors.entries()].filter(([, c]) => !c.session && c.available && c.status === 'Available').map(([id]) => id);
  }

  /** Number of running sessions. */
  get sessions(): number {
    return [...this.connectors.values()].filter((c) => c.session).length;
  }

  /** Connects and boots (BootNotification, StatusNotification for every connector). */
  async start(): Promise<void> {
    await this.client.connect();
    this.bootedOnce = true;
    await this.boot();
  }

  private async boot(): Promise<void> {
    for (const [key, value] of this.pendingConfig) {
      const entry = this.config.get(key);
      if (entry) entry.value = value;
    }
    this.pendingConfig.clear();
    const conf = (await this.client.call('BootNotification', {
      chargePointVendor: this.opts.vendor,
      chargePointModel: this.opts.model,
      firmwareVersion: this.opts.firmwareVersion,
      chargePointSerialNumber: this.identity,
    })) as { status: string; interval: number };
    if (conf.interval > 0) this.config.set('HeartbeatInterval', { value: String(conf.interval), readonly: false });
    this.scheduleHeartbeat();
    await this.sendStatus(0, this.chargerStatus);
    for (const [id, c] of this.connectors) await this.sendStatus(id, c.status);
    this.opts.log.info({ chargeBoxId: this.identity, interval: conf.interval }, 'simulated charger booted');
  }

  private scheduleHeartbeat(): void {
    this.clearHeartbeat();
    const seconds = Number(this.config.get('HeartbeatInterval')?.value ?? 60);
    if (!(seconds > 0) || this.stopped) return;
    this.heartbeatTimer = setInterval(() => {
      if (this.connected) this.bg(this.client.call('Heartbeat', {}));
    }, seconds * 1000);
    this.heartbeatTimer.unref();
  }

  private clearHeartbeat(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = undefined;
  }

  /** Sends a StatusNotification (connectorId 0 = the whole charger). */
  async sendStatus(connectorId: number, status: string, errorCode = 'NoError', extra: { info?: string; vendorErrorCode?: string } = {}): Promise<void> {
    if (connectorId === 0) this.chargerStatus = status;
    else {
      const c = this.connectors.get(connectorId);
      if (c) c.status = status;
    }
    if (!this.connected) return;
    await this.client.call('StatusNotification', { connectorId, errorCode, status, timestamp: new Date().toISOString(), ...extra });
  }

  /** Reports a fault on `connectorId` (0 = charger) for `ms`, then recovers. */
  async fault(connectorId: number, ms: number, errorCode = 'GroundFailure'): Promise<void> {
    await this.sendStatus(connectorId, 'Faulted', errorCode, { vendorErrorCode: 'SIM-E01', info: 'simulated fault' });
    await new Promise((r) => setTimeout(r, ms));
    if (!this.stopped) await this.sendStatus(connectorId, 'Available');
  }

  /**
   * Runs one session on `connectorId` for at most `durationMs` real milliseconds: it ends earlier
   * when the vehicle has taken `targetWh` (default: unbounded) or when stopped remotely.
   * `authorize` sends Authorize first (a local card swipe). Resolves when it ends.
   */
  async runSession(
    connectorId: number,
    idTag: string,
    durationMs: number,
    authorize = true,
    targetWh = Infinity,
  ): Promise<{ transactionId?: number; idTagStatus: string }> {
    if (this.stopping) throw new Error('charge point is stopping');
    const p = this.session(connectorId, idTag, durationMs, authorize, targetWh);
    this.running.add(p);
    try {
      return await p;
    } finally {
      this.running.delete(p);
    }
  }

  private async session(
    connectorId: number,
    idTag: string,
    durationMs: number,
    authorize: boolean,
    targetWh: number,
  ): Promise<{ transactionId?: number; idTagStatus: string }> {
    const c = this.connectors.get(connectorId);
    if (!c || c.session) throw new Error(`connector ${connectorId} is busy or unknown`);
    // A reserved connector starts only for the reserved idTag, naming the reservation.
    const reserved = this.reservations.get(connectorId);
    if (reserved && reserved.idTag !== idTag) return { idTagStatus: 'Reserved' };
    const reservationId = reserved?.id;
    if (reserved) this.endReservation(connectorId, false);
    await this.sendStatus(connectorId, 'Preparing');
    // A card of the local list (or the cache) starts without asking when LocalPreAuthorize is on.
    const known = this.localList.entries.get(idTag) === 'Accepted' || this.authCache.has(idTag);
    if (authorize && known && this.config.get('LocalPreAuthorize')?.value === 'true') authorize = false;
    if (authorize) {
      const auth = (await this.client.call('Authorize', { idTag })) as { idTagInfo: { status: string } };
      if (auth.idTagInfo.status !== 'Accepted') {
        await this.sendStatus(connectorId, 'Available');
        return { idTagStatus: auth.idTagInfo.status };
      }
      if (this.config.get('AuthorizationCacheEnabled')?.value === 'true') this.authCache.add(idTag);
    }
    // The register reads whole Wh at the start; readings are rounded down from here on, so the
    // energy reported never exceeds the energy delivered.
    c.registerWh = Math.floor(c.registerWh);
    const meterStartWh = c.registerWh;
    const start = (await this.client.call('StartTransaction', {
      connectorId,
      idTag,
      meterStart: meterStartWh,
      timestamp: new Date().toISOString(),
      ...(reservationId !== undefined ? { reservationId } : {}),
    })) as { transactionId: number; idTagInfo: { status: string } };
    if (start.idTagInfo.status !== 'Accepted') {
      // StopTransactionOnInvalidId: end at once.
      await this.client.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: meterStartWh,
        timestamp: new Date().toISOString(),
        reason: 'DeAuthorized',
        idTag,
      });
      await this.sendStatus(connectorId, 'Available');
      return { transactionId: start.transactionId, idTagStatus: start.idTagInfo.status };
    }
    let finish: (reason: string) => void = noop;
    const ended = new Promise<string>((r) => {
      finish = r;
    });
    const session: Session = {
      connectorId,
      idTag,
      transactionId: start.transactionId,
      meterStartWh,
      socPercent: 15 + Math.random() * 35,
      targetWh,
      startedAt: Date.now(),
      done: Promise.resolve(),
      finish: (reason) => finish(reason),
    };
    c.session = session;
    const given = this.startProfiles.get(connectorId);
    this.startProfiles.delete(connectorId);
    if (given) this.profiles.set(connectorId, { ...given, transactionId: session.transactionId }, session.transactionId);
    this.opts.log.info({ chargeBoxId: this.identity, connectorId, idTag, transactionId: session.transactionId }, 'session started');
    await this.sendStatus(connectorId, 'Charging');
    let last = Date.now();
    session.timer = setInterval(() => {
      const now = Date.now();
      const power = this.accrue(c, session, now - last);
      last = now;
      if (this.connected)
        this.bg(
          this.client.call('MeterValues', {
            connectorId,
            transactionId: session.transactionId,
            meterValue: [this.sample(c, session, power, 'Sample.Periodic')],
          }),
        );
      // The vehicle has taken what it needed: the driver unplugs.
      if (c.registerWh - session.meterStartWh >= session.targetWh) finish('EVDisconnected');
    }, this.opts.meterIntervalMs);
    session.endTimer = setTimeout(() => finish('EVDisconnected'), durationMs);
    if (this.stopping) finish('Local');
    session.done = (async () => {
      const reason = await ended;
      clearInterval(session.timer);
      clearTimeout(session.endTimer);
      // Each sample reports the mean power of the interval it closes, the last one included.
      const lastPower = this.accrue(c, session, Date.now() - last);
      try {
        if (this.connected) {
          await this.sendStatus(connectorId, 'Finishing');
          await this.client.call('StopTransaction', {
            transactionId: session.transactionId,
            idTag,
            meterStop: Math.floor(c.registerWh),
            timestamp: new Date().toISOString(),
            reason,
            transactionData: [this.sample(c, session, lastPower, 'Transaction.End')],
          });
          await this.sendStatus(connectorId, c.available ? 'Available' : 'Unavailable');
          const kWh = ((Math.floor(c.registerWh) - meterStartWh) / 1000).toFixed(3);
          this.opts.log.info({ chargeBoxId: this.identity, connectorId, transactionId: session.transactionId, kWh, reason }, 'session ended');
        }
      } finally {
        c.session = undefined;
        this.profiles.endTransaction(connectorId);
      }
    })();
    await session.done;
    return { transactionId: session.transactionId, idTagStatus: 'Accepted' };
  }

  /**
   * Adds the energy of `ms` real milliseconds (Wh = W × h) and returns the mean power of that
   * interval (W): the rated power less a few percent, tapering above 80 % SoC, and only as much
   * as the vehicle still takes (`targetWh`); 0 once it is full.
   */
  private accrue(c: ConnectorState, s: Session, ms: number): number {
    if (ms <= 0) return 0;
    const taper = s.socPercent > 80 ? Math.max(0.15, (100 - s.socPercent) / 20) : 1;
    let power = this.opts.ratedPowerW * taper * (0.93 + Math.random() * 0.06);
    // A charging profile caps the current (A per phase at 230 V): the vehicle draws at most that.
    const limitA = this.profiles.limitA(s.connectorId, true, Date.now(), s.startedAt);
    if (limitA !== null) power = Math.min(power, limitA * 230 * this.phases * (0.97 + Math.random() * 0.02));
    const left = Math.max(0, s.targetWh - (c.registerWh - s.meterStartWh));
    let wh = (power * ms) / 3_600_000;
    if (wh > left) {
      wh = left;
      power = (wh * 3_600_000) / ms;
    }
    c.registerWh += wh;
    s.socPercent = Math.min(100, s.socPercent + wh / 600); // a 60 kWh battery
    return power;
  }

  private sample(c: ConnectorState, s: Session, powerW: number, context: string) {
    const voltage = 228 + Math.random() * 6;
    const phases = this.phases;
    const current = powerW / (voltage * phases);
    return {
      timestamp: new Date().toISOString(),
      sampledValue: [
        { value: String(Math.floor(c.registerWh)), context, measurand: 'Energy.Active.Import.Register', unit: 'Wh', location: 'Outlet' },
        { value: String(Math.round(powerW)), context, measurand: 'Power.Active.Import', unit: 'W', location: 'Outlet' },
        { value: current.toFixed(1), context, measurand: 'Current.Import', unit: 'A', location: 'Outlet' },
        { value: voltage.toFixed(1), context, measurand: 'Voltage', unit: 'V', location: 'Outlet' },
        { value: String(Math.round(s.socPercent)), context, measurand: 'SoC', unit: 'Percent', location: 'EV' },
      ],
    };
  }

  /** Phases the charger draws on (three above 7.4 kW). */
  private get phases(): number {
    return this.opts.ratedPowerW > 7_400 ? 3 : 1;
  }

  /** Runs `p` in the background, logging its failure. */
  private bg(p: Promise<unknown>): void {
    const tracked = p.catch((err: unknown) => {
      if (!this.stopped) (this.opts.log.warn ?? this.opts.log.info)({ chargeBoxId: this.identity, err: String(err) }, 'simulated charger: call failed');
    });
    this.background.add(tracked);
    void tracked.finally(() => this.background.delete(tracked));
  }

  /** Runs `fn` just after the current answer has been sent. */
  private later(fn: () => Promise<unknown>, ms = 20): void {
    this.bg(new Promise((r) => setTimeout(r, ms)).then(fn));
  }

  /** Answers every action of the handler table (./handlers/) with this charge point as their context. */
  private registerHandlers(): void {
    const ctx = this.context();
    for (const [action, handle] of Object.entries(simHandlers)) {
      this.client.handle(action, async ({ params }) => handle(ctx, (params ?? {}) as Conf));
    }
  }

  /** This charge point as its handlers see it (./handlers/context.ts). */
  private context(): SimContext {
    const self = this;
    return {
      identity: this.identity,
      vendor: this.opts.vendor,
      ratedPowerW: this.opts.ratedPowerW,
      get phases() {
        return self.phases;
      },
      get chargerStatus() {
        return self.chargerStatus;
      },
      connectors: this.connectors,
      reservations: this.reservations,
      config: this.config,
      pendingConfig: this.pendingConfig,
      localList: this.localList,
      authCache: this.authCache,
      startProfiles: this.startProfiles,
      profiles: this.profiles,
      busy: this.busy,
      call: (action, params) => this.client.call(action, params),
      later: (fn, ms) => this.later(fn, ms),
      sendStatus: (connectorId, status) => this.sendStatus(connectorId, status),
      boot: () => this.boot(),
      reset: (reason) => this.reset(reason),
      runSession: (connectorId, idTag, durationMs, authorize, targetWh) => this.runSession(connectorId, idTag, durationMs, authorize, targetWh),
      freeConnectors: () => this.freeConnectors(),
      endReservation: (connectorId, becomesAvailable) => this.endReservation(connectorId, becomesAvailable),
      scheduleHeartbeat: () => this.scheduleHeartbeat(),
      updateFirmware: (location, retries, retryInterval) => this.updateFirmware(location, retries, retryInterval),
      sendDiagnostics: (p, fileName) => this.sendDiagnostics(p, fileName),
    };
  }

  /** The firmware version this charger runs (it changes after a successful update). */
  get firmwareVersion(): string {
    return this.opts.firmwareVersion;
  }

  /** The version an update installs: the URL's `?version=`, else a version in the file name (./firmware.ts). */
  static versionOf(location: string, current: string): string {
    return versionOf(location, current);
  }

  /** An UpdateFirmware: download, install, reboot with the new version (see the module). */
  private async updateFirmware(location: string, retries: number, retryInterval: number): Promise<void> {
    const status = (s: string) => this.client.call('FirmwareStatusNotification', { status: s });
    const step = () => new Promise((r) => setTimeout(r, this.firmwareStepMs));
    await status('Downloading');
    const image = await download(location, retries, retryInterval, () => this.stopped);
    if (!image || image.length === 0) {
      await status('DownloadFailed');
      return;
    }
    await step();
    await status('Downloaded');
    const version = versionOf(location, this.opts.firmwareVersion);
    await status('Installing');
    await step();
    if (this.failInstall(version)) {
      await status('InstallationFailed');
      return;
    }
    await status('Installed');
    this.opts.log.info({ chargeBoxId: this.identity, version, bytes: image.length }, 'simulated charger installed new firmware');
    this.opts.firmwareVersion = version;
    await step();
    await this.reset('HardReset');
  }

  /** A GetDiagnostics: Uploading, the upload of a generated log of the window, Uploaded or UploadFailed. */
  private async sendDiagnostics(p: Conf, fileName: string): Promise<void> {
    const status = (s: string) => this.client.call('DiagnosticsStatusNotification', { status: s });
    await status('Uploading');
    const config = [...this.config.entries()].map(([k, v]) => `# config ${k}=${v.value}`);
    const content = diagnosticsLog(this.identity, this.diagnosticsBytes, p.startTime as string | undefined, p.stopTime as string | undefined, config);
    const ok = await uploadDiagnostics(String(p.location), fileName, content, Number(p.retries ?? 0), Number(p.retryInterval ?? 0), () => this.stopped);
    this.opts.log.info({ chargeBoxId: this.identity, ok, bytes: content.length }, 'simulated charger uploaded diagnostics');
    await status(ok ? 'Uploaded' : 'UploadFailed');
  }

  /** A reset: sessions end with `reason`, the socket closes and the charger boots again. */
  private async reset(reason: 'HardReset' | 'SoftReset'): Promise<void> {
    await Promise.all(
      [...this.connectors.values()].map(async (c) => {
        const s = c.session;
        if (s) {
          s.finish(reason);
          await s.done;
        }
      }),
    );
    if (this.stopped) return;
    this.clearHeartbeat();
    await this.client.close({ code: 1000, reason: 'reset' });
    await new Promise((r) => setTimeout(r, 1000));
    if (this.stopped) return;
    await this.start();
  }

  /** Ends running sessions (reason Local), closes the socket and stops every timer. */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(
      [...this.connectors.values()].map(async (c) => {
        const s = c.session;
        if (s) {
          s.finish('Local');
          await s.done.catch(noop);
        }
      }),
    );
    await Promise.allSettled([...this.running]);
    this.stopped = true;
    this.clearHeartbeat();
    for (const r of this.reservations.values()) clearTimeout(r.timer);
    this.reservations.clear();
    await Promise.allSettled([...this.background]);
    await this.client.close({ code: 1000, reason: 'simulation stopped' }).catch(noop);
  }
}
