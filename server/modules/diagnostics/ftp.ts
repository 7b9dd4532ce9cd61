/**
 * The FTP receiver of diagnostics files (requirements R15.11), on ftp-srv: many chargers upload
 * diagnostics only over FTP. Listens on FTP_PORT (off when unset) at HOST; passive data
 * connections on FTP_PASV_PORTS, announced as FTP_PASV_HOST.
 *
 * - Login: the request's one-time token as user name and password (./service.ts `checkToken`);
 *   anything else is refused (530).
 * - Upload only: STOR streams into the database (./service.ts `uploadSink`, size bounded by
 *   DIAGNOSTICS_MAX_BYTES, 550 past it); the token is spent once the file is kept. Directories are
 *   virtual (CWD / MKD succeed, LIST is empty); RETR, DELE, RMD, RNFR/RNTO, SITE, APPE, STOU are
 *   refused (502).
 * - A malformed or vanished client ends its own connection only: its errors are logged, idle
 *   connections close after 60 s, and nothing it sends ends the process.
 * - Bounds (./ftp-guard.ts, R15.15): connections capped in all and per address, a descriptor
 *   reserve kept for HTTP and OCPP, a login deadline NOOP does not extend, a session deadline;
 *   a STOR is cut when it runs too slowly or too long (../files/upload-pace.ts, 550 with 756).
 * - Started when the app is ready, closed with it; ftp-srv's own SIGTERM/SIGINT handlers (which
 *   would end the process) are removed, shutdown is server/serve.ts's.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AddressInfo, Server } from 'node:net';
import { FileSystem, FtpSrv, type FtpConnection } from 'ftp-srv';
import { guardPace } from '../files/index.js';
import { FtpGuard } from './ftp-guard.js';
import { checkToken, claimUpload, setFtpPort, uploadSink } from './service.js';

/** A directory entry for the virtual, always empty, directories. */
const dirStat = (name: string) => ({
  name,
  size: 0,
  mtime: new Date(),
  mode: 0o40755,
  uid: 0,
  gid: 0,
  isDirectory: () => true,
  isFile: () => false,
});

/** The file system one signed-in charger sees: empty directories it may enter, and uploads (see the module). */
class DiagnosticsFs extends FileSystem {
  private dir = '/';

  constructor(
    connection: FtpConnection,
    private readonly app: FastifyInstance,
    private readonly token: string,
  ) {
    super(connection, { root: '/', cwd: '/' });
  }

  override currentDirectory(): string {
    return this.dir;
  }
  override async get(fileName: string) {
    return dirStat(fileName);
  }
  override async list() {
    return [];
  }
  override async chdir(path = '.') {
    const parts = (path.startsWith('/') ? path : `${this.dir}/${path}`).split('/').filter((p) => p && p !== '.');
    const stack: string[] = [];
    for (const p of parts) {
      if (p === '..') stack.pop();
      else stack.push(p);
    }
    this.dir = `/${stack.join('/')}`;
    return this.dir;
  }
  override async mkdir(path: string) {
    return path;
  }
  override async write(fileName: string) {
    const held = await claimUpload(this.app.db, this.token);
    if (typeof held === 'string') throw new Error(`Upload refused: ${held}`);
    const sink = uploadSink(this.app, held, fileName);
    const { uploadTimeLimitMs: timeLimitMs, uploadMinBytesPerS: minBytesPerS, uploadRateWindowMs: windowMs } = this.app.config;
    guardPace(sink, { timeLimitMs, minBytesPerS, windowMs }, (reason) => this.app.metrics.refused('ftp', reason));
    return { stream: sink, clientPath: fileName };
  }
  override read(): Promise<never> {
    return Promise.reject(new Error('Upload only'));
  }
  override delete(): Promise<never> {
    return Promise.reject(new Error('Upload only'));
  }
  override rename(): Promise<never> {
    return Promise.reject(new Error('Upload only'));
  }
  override chmod(): Promise<never> {
    return Promise.reject(new Error('Upload only'));
  }
}

const REFUSED = ['RETR', 'DELE', 'RMD', 'RNFR', 'RNTO', 'SITE', 'APPE', 'STOU'];

/** Registers the FTP receiver on `app` when `config.ftpPort` is set (see the module). */
const ftpReceiver: FastifyPluginAsync = async (app) => {
  const port = app.config.ftpPort;
  if (port === undefined) return;
  let ftp: FtpSrv | undefined;

  app.addHook('onReady', async () => {
    const before = new Set(['SIGTERM', 'SIGINT', 'SIGQUIT'].flatMap((s) => process.listeners(s as NodeJS.Signals)));
    const log = app.log.child({ module: 'ftp' });
    ftp = new FtpSrv({
      url: `ftp://${app.config.host}:${port}`,
      pasv_url: app.config.ftpPasvHost,
      pasv_min: app.config.ftpPasvPorts[0],
      pasv_max: app.config.ftpPasvPorts[1],
      anonymous: false,
      greeting: 'ChargeDesk diagnostics upload',
      timeout: 60_000,
      blacklist: REFUSED,
      log,
    });
    // ftp-srv ends the process on these signals; the server's own shutdown closes it instead.
    for (const s of ['SIGTERM', 'SIGINT', 'SIGQUIT'] as const) {
      for (const l of process.listeners(s)) if (!before.has(l)) process.removeListener(s, l);
    }
    const guard = new FtpGuard({
      maxConnections: app.config.ftpMaxConnections,
      maxPerAddress: app.config.ftpMaxPerAddress,
      loginTimeoutMs: app.config.ftpLoginTimeoutMs,
      sessionTimeoutMs: app.config.uploadTimeLimitMs,
      log,
      onRefused: (reason) => app.metrics.refused('ftp', reason),
    });
    guard.attach(ftp);
    app.metrics.uploadSource('ftp', () => guard.caps.size);
    ftp.on('login', ({ connection, username, password }, resolve, reject) => {
      const refuse = () => {
        reject(new Error('Login refused'));
        guard.loginRefused(connection);
      };
      const token = String(username ?? '');
      if (!token || password !== token) {
        refuse();
        return;
      }
      checkToken(app.db, token).then(
        (r) => {
          if (typeof r === 'string') {
            refuse();
            return;
          }
          log.info({ requestId: r.id, chargeBoxId: r.chargerSn }, 'diagnostics FTP login');
          guard.loggedIn(connection);
          resolve({ fs: new DiagnosticsFs(connection, app, token) });
        },
        (err: unknown) => {
          log.warn({ err }, 'diagnostics FTP login failed');
          refuse();
        },
      );
    });
    ftp.on('client-error', ({ context, error }) => log.info({ context, err: error }, 'FTP client error'));
    await ftp.listen();
    // `server` (the net.Server) is not in ftp-srv's type declarations.
    const address = (ftp as unknown as { server: Server }).server.address() as AddressInfo;
    setFtpPort(app, address.port);
    log.info({ port: address.port, pasv: app.config.ftpPasvPorts }, 'FTP receiver of diagnostics listening');
  });

  app.addHook('onClose', async () => {
    setFtpPort(app, null);
    await ftp?.close();
  });
};

export default ftpReceiver;
