import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Readable } from 'node:stream';
import { Client } from 'basic-ftp';
import { eq } from 'drizzle-orm';
import { diagnosticsRequest, storedFile, storedFilePart } from '../../server/db/schema.js';
import { ftpPortOf } from '../../server/modules/diagnostics/service.js';
import type { RpcClient } from '../../server/ocpp/rpc.js';
import { ChargePoint } from '../../sim/charge-point.js';
import { build, type TestServer } from '../support/app.js';
import { caller, companyUser, type Call } from '../support/assets.js';
import { aCharger, aCompany, aStation } from '../support/builders.js';
import { backends } from '../support/db.js';
import { connect, eventually } from './helpers.js';

const PERMS = ['menu:stations:stationprofile', 'menu:monitoring:chargermonotoring'];
const MAX = 300_000;

describe.each(backends())('diagnostics uploads over HTTP and FTP on %s', (backend) => {
  let s: TestServer;
  let api: Call;
  let stationId: number;
  const sims: ChargePoint[] = [];
  const raws: RpcClient[] = [];
  const CO = 'DIAGCO';

  beforeAll(async () => {
    s = await build(backend, { ftpPort: 0, diagnosticsMaxBytes: MAX });
    // The API is called in-process (inject): chargers upload to the listening address.
    s.app.config.publicUrl = s.baseUrl;
    await aCompany(s.database.db, { code: CO });
    stationId = (await aStation(s.database.db, CO)).id;
    api = caller(s, await companyUser(s, CO, PERMS));
  });
  afterAll(async () => {
    await Promise.allSettled(sims.map((c) => c.stop()));
    await Promise.allSettled(raws.map((c) => c.close({ force: true })));
    await s?.close();
  });

  /** A registered charger driven by the simulator, booted. */
  async function simCharger(diagnosticsBytes = 200_000) {
    const row = await aCharger(s.database.db, CO, { stationId });
    const cp = new ChargePoint({ url: s.ocppUrl, identity: row.serialNum, connectors: 1, reconnect: false, diagnosticsBytes });
    sims.push(cp);
    await cp.start();
    return row;
  }

  /** A registered charger on a bare client that only remembers the location of GetDiagnostics and answers `answer`. */
  async function rawCharger(answer: Record<string, unknown> = { fileName: 'box.log' }) {
    const row = await aCharger(s.database.db, CO, { stationId });
    const c = await connect(s.ocppUrl, row.serialNum);
    raws.push(c);
    const got: { location?: string; payload?: Record<string, unknown> } = {};
    c.handle('GetDiagnostics', async ({ params }) => {
      got.location = String(params?.location);
      got.payload = params;
      return answer;
    });
    await c.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'RAW-1' });
    return { row, c, got };
  }

  const request = async (id: number) =>
    (await api('GET', `/sp/diagnostics-request?chargerId=${(await row(id)).chargerId}`)).data.records.find((r: { id: number }) => r.id === id);
  const row = async (id: number) => (await s.database.db.select().from(diagnosticsRequest).where(eq(diagnosticsRequest.id, id)))[0];
  const put = (url: string, body: Buffer) => fetch(url, { method: 'PUT', body: new Uint8Array(body) });

  it('asks a simulated charger for diagnostics over HTTP: statuses tracked, the file kept and downloadable', async () => {
    const c = await simCharger();
    const startTime = '2026-11-01T00:00:00.000Z';
    const stopTime = '2026-11-02T00:00:00.000Z';
    const res = await api('POST', '/sp/diagnostics-request', { chargerId: c.id, startTime, stopTime, retries: 1, retryInterval: 1 });
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ chargerId: c.id, serialNum: c.serialNum, transport: 'HTTP', startTime, stopTime, retries: 1, retryInterval: 1 });
    expect(res.data.announcedName).toMatch(/^diag-.*\.log$/);
    const done = await eventually(async () => {
      const r = await request(res.data.id);
      return r?.status === 'Uploaded' && r.fileSize ? r : null;
    });
    expect(done).toMatchObject({ fileSize: 200_000, failure: null, fileName: res.data.announcedName });
    expect(done.receivedAt).not.toBeNull();

    const file = await fileOf(res.data.id);
    expect(file.length).toBe(200_000);
    expect(createHash('sha256').update(file).digest('hex')).toBe(done.sha256);
    expect(file.toString('utf8', 0, 200)).toContain(`diagnostics for ${c.serialNum}`);
    expect(file.toString('utf8', 0, 200)).toContain(`window ${startTime} .. ${stopTime}`);
    // The parts were joined into the file and dropped.
    expect(await s.database.db.select().from(storedFilePart)).toEqual([]);
  });

  it('asks a simulated charger for diagnostics over FTP (passive mode, the token as user and password)', async () => {
    expect(ftpPortOf(s.app)).toBeGreaterThan(0);
    const c = await simCharger(120_000);
    const res = await api('POST', '/sp/diagnostics-request', { chargerId: c.id, transport: 'FTP' });
    expect(res.code).toBe(200);
    expect(res.data.transport).toBe('FTP');
    const done = await eventually(async () => {
      const r = await request(res.data.id);
      return r?.status === 'Uploaded' && r.fileSize ? r : null;
    });
    expect(done.fileSize).toBe(120_000);
    const file = await fileOf(res.data.id);
    expect(createHash('sha256').update(file).digest('hex')).toBe(done.sha256);
    expect(file.toString('utf8', 0, 100)).toContain(`diagnostics for ${c.serialNum}`);
  });

  it('sends the window, retries and location; an answer without a file name is "nothing to upload"', async () => {
    const { row: r, got } = await rawCharger({});
    const res = await api('POST', '/sp/diagnostics-request', { chargerId: r.id, startTime: '2026-11-01T08:00:00Z', retries: 2, retryInterval: 30 });
    expect(res.data.status).toBe('NO_DATA');
    expect(got.payload).toMatchObject({ startTime: '2026-11-01T08:00:00.000Z', retries: 2, retryInterval: 30 });
    expect(got.location).toMatch(new RegExp(`^${s.baseUrl}/ocpp-files/diagnostics/[A-Za-z0-9_-]{32}/$`));
    // The token of a request with nothing to upload is refused.
    expect((await put(`${got.location}x.log`, Buffer.from('late'))).status).toBe(410);
  });

  it('keeps an UploadFailed the charger reported before its empty GetDiagnostics answer arrived (issue 24 item 19)', async () => {
    const row0 = await aCharger(s.database.db, CO, { stationId });
    const c = await connect(s.ocppUrl, row0.serialNum);
    raws.push(c);
    await c.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'RAW-2' });
    // The charger tries, fails and says so, and only then answers the GetDiagnostics: nothing to upload.
    c.handle('GetDiagnostics', async () => {
      await c.call('DiagnosticsStatusNotification', { status: 'UploadFailed' });
      return {};
    });
    const res = await api('POST', '/sp/diagnostics-request', { chargerId: row0.id });
    expect(res.code).toBe(200);
    expect(res.data.status).toBe('UploadFailed');
    expect((await row(res.data.id)).status).toBe('UploadFailed');
    // The token is withdrawn all the same.
    expect((await row(res.data.id)).expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a token used twice, an unknown or expired one, over HTTP and FTP', async () => {
    const { row: r, c, got } = await rawCharger();
    const res = await api('POST', '/sp/diagnostics-request', { chargerId: r.id });
    const first = await put(`${got.location}box.log`, Buffer.from('first upload\n'));
    expect(first.status).toBe(201);
    await c.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
    expect(await request(res.data.id)).toMatchObject({ status: 'Uploaded', fileSize: 13, fileName: 'box.log' });
    expect((await put(`${got.location}again.log`, Buffer.from('second upload\n'))).status).toBe(409);
    expect((await fileOf(res.data.id)).toString()).toBe('first upload\n');
    expect((await put(`${s.baseUrl}/ocpp-files/diagnostics/${'A'.repeat(32)}/x.log`, Buffer.from('x'))).status).toBe(404);
    const token = new URL(got.location!).pathname.split('/')[3];
    await expect(ftpUpload(token, Buffer.from('via ftp'))).rejects.toThrow(/530/);

    // An FTP upload spends the token too: a second STOR and a second login are refused.
    const f = await rawCharger();
    const viaFtp = await api('POST', '/sp/diagnostics-request', { chargerId: f.row.id, transport: 'FTP' });
    const ftpToken = decodeURIComponent(new URL(f.got.location!).username);
    const client = await ftpClient(ftpToken);
    try {
      await client.uploadFrom(Readable.from([Buffer.from('ftp once\n')]), 'one.log');
      await expect(client.uploadFrom(Readable.from([Buffer.from('ftp twice\n')]), 'two.log')).rejects.toThrow(/550/);
    } finally {
      client.close();
    }
    expect((await fileOf(viaFtp.data.id)).toString()).toBe('ftp once\n');
    await expect(ftpUpload(ftpToken, Buffer.from('again'))).rejects.toThrow(/530/);

    // Expired: refused by both receivers.
    const e = await rawCharger();
    const expired = await api('POST', '/sp/diagnostics-request', { chargerId: e.row.id });
    await s.database.db
      .update(diagnosticsRequest)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(diagnosticsRequest.id, expired.data.id));
    expect((await put(`${e.got.location}late.log`, Buffer.from('late'))).status).toBe(410);
    await expect(ftpUpload(new URL(e.got.location!).pathname.split('/')[3], Buffer.from('late'))).rejects.toThrow(/530/);
  });

  it('refuses an upload above DIAGNOSTICS_MAX_BYTES (declared, streamed or over FTP) and keeps nothing; a retry within the limit is kept', async () => {
    const { row: r, got } = await rawCharger();
    const res = await api('POST', '/sp/diagnostics-request', { chargerId: r.id });
    const big = Buffer.alloc(MAX + 1, 0x41);
    expect((await put(`${got.location}big.log`, big)).status).toBe(413);
    expect((await chunkedPut(`${got.location}big.log`, big)).status).toBe(413);
    expect(await request(res.data.id)).toMatchObject({ failure: '753', fileSize: null });

    const f = await rawCharger();
    const viaFtp = await api('POST', '/sp/diagnostics-request', { chargerId: f.row.id, transport: 'FTP' });
    const ftpToken = decodeURIComponent(new URL(f.got.location!).username);
    await expect(ftpUpload(ftpToken, big)).rejects.toThrow(/550|ECONNRESET|closed/i);
    await eventually(async () => (await row(viaFtp.data.id)).uploadStartedAt === null);
    expect(await request(viaFtp.data.id)).toMatchObject({ failure: '753', fileSize: null });
    const kept = await s.database.db.select({ id: storedFile.id }).from(storedFile).where(eq(storedFile.kind, 'DIAGNOSTICS'));
    const linked = (await s.database.db.select({ fileId: diagnosticsRequest.fileId }).from(diagnosticsRequest)).map((x) => x.fileId).filter((x) => x !== null);
    expect(kept.map((k) => k.id).sort()).toEqual(linked.sort());
    expect(await s.database.db.select().from(storedFilePart)).toEqual([]);

    // The charger's retry with a file that fits is kept.
    await ftpUpload(ftpToken, Buffer.alloc(MAX, 0x42));
    expect(await request(viaFtp.data.id)).toMatchObject({ fileSize: MAX, failure: null });
    expect((await chunkedPut(`${got.location}small.log`, Buffer.from('fits'))).status).toBe(201);
  });

  it('survives malformed FTP clients and keeps serving uploads', async () => {
    const port = ftpPortOf(s.app)!;
    const junk: Buffer[] = [
      Buffer.from('\x00\xff\xfe garbage\r\n'),
      Buffer.from(`${'A'.repeat(70_000)}\r\n`),
      Buffer.from('PASV\r\nSTOR x\r\nRETR /etc/passwd\r\n'),
      Buffer.from('USER\r\nPASS\r\nUSER a b c\r\nPASS a\r\n'),
      Buffer.from('PORT 1,2,3\r\nEPRT |9|x|y|\r\nREST -5\r\nTYPE Z\r\n'),
      Buffer.from('USER "\r\nCWD ../../..\r\nQUIT\r\n'),
      Buffer.from('\r\n\r\n\r\n'),
    ];
    for (const bytes of junk) await rawFtp(port, bytes);
    // Half a session: signed in, a passive data connection opened, then reset mid-transfer.
    const { row: r, got } = await rawCharger();
    const half = await api('POST', '/sp/diagnostics-request', { chargerId: r.id, transport: 'FTP' });
    const token = decodeURIComponent(new URL(got.location!).username);
    await brokenStor(port, token);
    await eventually(async () => {
      const x = await row(half.data.id);
      return x.uploadStartedAt === null && x.fileId === null;
    });
    expect(await s.database.db.select().from(storedFilePart)).toEqual([]);
    // The same token still uploads once the broken attempt is given up.
    await ftpUpload(token, Buffer.from('after the broken one\n'));
    expect((await fileOf(half.data.id)).toString()).toBe('after the broken one\n');
    expect((await api('GET', `/sp/diagnostics-request/settings`)).data).toMatchObject({ ftp: true, maxBytes: MAX });
  });

  it('answers the catalogue: 751, 754, 720, 800, 819, 820, and another company cannot read (709)', async () => {
    const { row: r } = await rawCharger();
    expect((await api('POST', '/sp/diagnostics-request', { chargerId: r.id, startTime: '2026-11-02T00:00:00Z', stopTime: '2026-11-01T00:00:00Z' })).code).toBe(
      751,
    );
    const open = await api('POST', '/sp/diagnostics-request', { chargerId: r.id });
    expect(open.data.status).toBe('REQUESTED');
    expect((await api('POST', '/sp/diagnostics-request', { chargerId: r.id })).code).toBe(754);
    expect((await api('GET', `/sp/diagnostics-request/${open.data.id}/file`)).code).toBe(820);
    expect((await api('GET', '/sp/diagnostics-request/999999/file')).code).toBe(819);
    expect((await api('POST', '/sp/diagnostics-request', { chargerId: 999999 })).code).toBe(800);
    expect((await api('POST', '/sp/diagnostics-request', {})).code).toBe(602);
    const offline = await aCharger(s.database.db, CO, { stationId });
    const failed = await api('POST', '/sp/diagnostics-request', { chargerId: offline.id });
    expect(failed.code).toBe(720);
    expect((await api('GET', `/sp/diagnostics-request?chargerId=${offline.id}`)).data.records[0]).toMatchObject({ status: 'FAILED', failure: '720' });

    await aCompany(s.database.db, { code: 'DIAGOTHER' });
    const other = caller(s, await companyUser(s, 'DIAGOTHER', PERMS));
    expect((await other('GET', `/sp/diagnostics-request?chargerId=${r.id}`)).code).toBe(709);
    expect((await other('GET', `/sp/diagnostics-request/${open.data.id}/file`)).code).toBe(709);
    expect((await other('POST', '/sp/diagnostics-request', { chargerId: r.id })).code).toBe(725);
  });

  it('answers 752 for FTP when the FTP receiver is off', async () => {
    const plain = await build(backend, {});
    try {
      await aCompany(plain.database.db, { code: CO });
      const c = await aCharger(plain.database.db, CO, {});
      const call = caller(plain, await companyUser(plain, CO, PERMS));
      expect(ftpPortOf(plain.app)).toBeNull();
      expect((await call('POST', '/sp/diagnostics-request', { chargerId: c.id, transport: 'FTP' })).code).toBe(752);
      expect((await call('GET', '/sp/diagnostics-request/settings')).data.ftp).toBe(false);
    } finally {
      await plain.close();
    }
  });

  /** The downloaded file of request `id`, through the console's API. */
  async function fileOf(id: number): Promise<Buffer> {
    const token = await companyUser(s, CO, PERMS);
    const res = await s.app.inject({ method: 'GET', url: `/sp/diagnostics-request/${id}/file`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    return res.rawPayload;
  }

  /** A signed-in basic-ftp client (passive mode). */
  async function ftpClient(token: string): Promise<Client> {
    const client = new Client(10_000);
    try {
      await client.access({ host: '127.0.0.1', port: ftpPortOf(s.app)!, user: token, password: token });
    } catch (err) {
      client.close();
      throw err;
    }
    return client;
  }

  async function ftpUpload(token: string, content: Buffer): Promise<void> {
    const client = await ftpClient(token);
    try {
      await client.uploadFrom(Readable.from([content]), 'diag.log');
    } finally {
      client.close();
    }
  }
});

/** A PUT without Content-Length (chunked), so the limit is found while reading. */
function chunkedPut(url: string, body: Buffer): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', headers: { 'transfer-encoding': 'chunked' } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0 });
    });
    req.on('error', (err) => reject(err));
    for (let i = 0; i < body.length; i += 16_384) req.write(body.subarray(i, i + 16_384));
    req.end();
  });
}

/** An FTP session that signs in with `token`, starts a STOR over a passive connection, sends part of a file and resets the connection. */
async function brokenStor(port: number, token: string): Promise<void> {
  const ctl = net.connect(port, '127.0.0.1');
  let text = '';
  ctl.on('data', (d) => {
    text += d.toString();
  });
  ctl.on('error', () => undefined);
  const reply = async (code: string) => {
    for (let i = 0; i < 100 && !new RegExp(`^${code}[ ]`, 'm').test(text); i++) await new Promise((r) => setTimeout(r, 20));
    const line = new RegExp(`^${code}[ ].*$`, 'm').exec(text)?.[0] ?? '';
    text = '';
    return line;
  };
  await reply('220');
  ctl.write(`USER ${token}\r\n`);
  await reply('331');
  ctl.write(`PASS ${token}\r\n`);
  await reply('230');
  ctl.write('EPSV\r\n');
  const dataPort = Number(/\(\|\|\|(\d+)\|\)/.exec(await reply('229'))?.[1]);
  const data = net.connect(dataPort, '127.0.0.1');
  data.on('error', () => undefined);
  await new Promise((r) => data.once('connect', r));
  ctl.write('STOR broken.log\r\n');
  await reply('150');
  data.write(Buffer.alloc(50_000, 7));
  await new Promise((r) => setTimeout(r, 200));
  data.resetAndDestroy();
  await new Promise((r) => setTimeout(r, 200));
  ctl.destroy();
}

/** Sends `bytes` on a fresh FTP control connection, reads what comes back for a moment, and closes. */
function rawFtp(port: number, bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const sock = net.connect(port, '127.0.0.1');
    sock.on('data', (d) => {
      got += d.toString();
    });
    sock.on('error', () => resolve(got));
    sock.once('connect', () => {
      sock.write(bytes);
      setTimeout(() => {
        sock.destroy();
        resolve(got);
      }, 150);
    });
  });
}
