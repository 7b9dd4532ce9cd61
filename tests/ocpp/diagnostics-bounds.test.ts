/**
 * The diagnostics receivers under a stranger (requirements R15.15, docs/deployment.md "Diagnostics
 * over FTP"): FTP connections are capped in all and per address and closed when not logged in in
 * time, however many NOOPs they send; HTTP uploads are capped the same way and a trickle is cut —
 * and the API and the charger link keep answering meanwhile. Small caps and times come from
 * configuration overrides so the test is short. The bounds do not touch the database: PGlite only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { diagnosticsRequest, storedFilePart } from '../../server/db/schema.js';
import { ftpPortOf } from '../../server/modules/diagnostics/service.js';
import type { RpcClient } from '../../server/ocpp/rpc.js';
import { build, type TestServer } from '../support/app.js';
import { caller, companyUser, type Call } from '../support/assets.js';
import { aCharger, aCompany, aStation } from '../support/builders.js';
import { connect, eventually } from './helpers.js';

const PERMS = ['menu:stations:stationprofile', 'menu:monitoring:chargermonotoring'];
const CO = 'BOUNDCO';

/** A raw FTP control connection from `localAddress`: what it received, whether it closed, and a NOOP pump. */
interface RawFtp {
  text: () => string;
  closed: Promise<void>;
  isClosed: () => boolean;
  sock: net.Socket;
  stop: () => void;
}

function rawFtp(port: number, localAddress: string, noopEveryMs = 0): Promise<RawFtp> {
  return new Promise((resolve) => {
    let got = '';
    let closed = false;
    const sock = net.connect({ port, host: '127.0.0.1', localAddress });
    sock.on('data', (d) => {
      got += d.toString();
    });
    sock.on('error', () => undefined);
    const closedP = new Promise<void>((r) =>
      sock.once('close', () => {
        closed = true;
        r();
      }),
    );
    let pump: NodeJS.Timeout | undefined;
    const stop = () => {
      if (pump) clearInterval(pump);
      sock.destroy();
    };
    sock.once('connect', () => {
      if (noopEveryMs)
        pump = setInterval(() => {
          if (!closed) sock.write('NOOP\r\n');
        }, noopEveryMs);
      // The greeting (220) or the refusal (421) comes first.
      const wait = setInterval(() => {
        if (/^(220|421) /m.test(got) || closed) {
          clearInterval(wait);
          resolve({ text: () => got, closed: closedP, isClosed: () => closed, sock, stop });
        }
      }, 10);
    });
    closedP.then(() => {
      if (pump) clearInterval(pump);
    });
  });
}

/** Sends FTP commands on `c` and waits for a reply line starting with `code`. */
async function ftpSay(c: RawFtp, line: string, code: string): Promise<string> {
  const before = c.text().length;
  if (line) c.sock.write(`${line}\r\n`);
  const re = new RegExp(`^${code} .*$`, 'm');
  for (let i = 0; i < 200; i++) {
    const m = re.exec(c.text().slice(before));
    if (m) return m[0];
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no ${code} after ${line}: ${c.text().slice(before)}`);
}

/**
 * A PUT from `localAddress` that sends `first` bytes, then `each` bytes every `everyMs` until
 * answered (or `total` bytes, then the end). Resolves with the status and body of the answer.
 */
function trickle(
  url: string,
  localAddress: string,
  o: { first: number; each: number; everyMs: number; total?: number },
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const req = http.request(url, { method: 'PUT', localAddress, headers: { 'transfer-encoding': 'chunked' } }, (res) => {
      if (timer) clearInterval(timer);
      let body = '';
      res.on('data', (d) => {
        body += d.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
    });
    req.on('error', (err) => {
      if (timer) clearInterval(timer);
      reject(err);
    });
    req.write(Buffer.alloc(o.first, 0x61));
    sent += o.first;
    timer = setInterval(() => {
      if (o.total !== undefined && sent >= o.total) {
        clearInterval(timer);
        req.end();
        return;
      }
      req.write(Buffer.alloc(o.each, 0x62));
      sent += o.each;
    }, o.everyMs);
  });
}

describe('the diagnostics receivers are bounded', () => {
  let s: TestServer;
  let api: Call;
  let stationId: number;
  const raws: RpcClient[] = [];
  const ftps: RawFtp[] = [];

  beforeAll(async () => {
    s = await build('pglite', {
      ftpPort: 0,
      ftpMaxConnections: 6,
      ftpMaxPerAddress: 4,
      ftpLoginTimeoutMs: 1500,
      uploadMaxConcurrent: 3,
      uploadMaxPerAddress: 2,
      uploadMinBytesPerS: 1000,
      uploadRateWindowMs: 500,
      uploadTimeLimitMs: 3000,
    });
    s.app.config.publicUrl = s.baseUrl;
    await aCompany(s.database.db, { code: CO });
    stationId = (await aStation(s.database.db, CO)).id;
    api = caller(s, await companyUser(s, CO, PERMS));
  });
  afterAll(async () => {
    for (const f of ftps) f.stop();
    await Promise.allSettled(raws.map((c) => c.close({ force: true })));
    await s?.close();
  });

  /** A booted charger that answers GetDiagnostics, and the request's location (upload URL or ftp://token:token@…). */
  async function requested(transport: 'HTTP' | 'FTP'): Promise<{ id: number; location: string }> {
    const row = await aCharger(s.database.db, CO, { stationId });
    const c = await connect(s.ocppUrl, row.serialNum);
    raws.push(c);
    let location = '';
    c.handle('GetDiagnostics', async ({ params }) => {
      location = String(params?.location);
      return { fileName: 'box.log' };
    });
    await c.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'RAW-1' });
    const res = await api('POST', '/sp/diagnostics-request', { chargerId: row.id, transport });
    expect(res.code).toBe(200);
    return { id: res.data.id, location };
  }

  /** The API over the network and a charger's Boot both answer. */
  async function nodeAnswers(): Promise<void> {
    const res = await fetch(`${s.baseUrl}/sp/config`);
    expect(res.status).toBe(200);
    const row = await aCharger(s.database.db, CO, { stationId });
    const c = await connect(s.ocppUrl, row.serialNum);
    raws.push(c);
    expect(await c.call('BootNotification', { chargePointVendor: 'T', chargePointModel: 'RAW-1' })).toMatchObject({ status: 'Accepted' });
  }

  it('caps FTP connections per address and in all, closes those not logged in in time despite NOOP, and the node keeps answering', async () => {
    const port = ftpPortOf(s.app)!;
    const { id, location } = await requested('FTP');
    const token = decodeURIComponent(new URL(location).username);

    // Four from one address, each sending NOOP every 200 ms: all greeted.
    const first = await Promise.all([0, 1, 2, 3].map(() => rawFtp(port, '127.0.0.1', 200)));
    ftps.push(...first);
    for (const c of first) expect(c.text()).toMatch(/^220 /m);
    // A fifth from the same address: 421 with 755, closed at once.
    const fifth = await rawFtp(port, '127.0.0.1');
    ftps.push(fifth);
    expect(fifth.text()).toMatch(/^421 .*\(755\)/m);
    await fifth.closed;
    // Another address gets the two places left in all; a third address none.
    const other = await Promise.all([0, 1].map(() => rawFtp(port, '127.0.0.2', 200)));
    ftps.push(...other);
    for (const c of other) expect(c.text()).toMatch(/^220 /m);
    const third = await rawFtp(port, '127.0.0.3');
    ftps.push(third);
    expect(third.text()).toMatch(/^421 .*\(755\)/m);

    // Meanwhile the API and the charger link answer.
    await nodeAnswers();

    // NOOP is answered but does not keep a connection that never logged in: all six are closed
    // once the login deadline (1.5 s) has passed, well before ftp-srv's 60 s idle timeout.
    const t0 = Date.now();
    await Promise.all([...first, ...other].map((c) => c.closed));
    expect(Date.now() - t0).toBeLessThan(5000);
    for (const c of [...first, ...other]) expect(c.text()).toMatch(/^200 /m); // NOOP answered meanwhile
    for (const c of [...first, ...other]) expect(c.text()).toMatch(/^421 /m);

    // The places are free again; a charger that logs in in time is not cut at the login deadline.
    const charger = await rawFtp(port, '127.0.0.1');
    ftps.push(charger);
    expect(charger.text()).toMatch(/^220 /m);
    await ftpSay(charger, `USER ${token}`, '331');
    await ftpSay(charger, `PASS ${token}`, '230');
    await new Promise((r) => setTimeout(r, 2000));
    expect(charger.isClosed()).toBe(false);
    await ftpSay(charger, 'NOOP', '200');

    // Three refused logins close a connection.
    const guesser = await rawFtp(port, '127.0.0.4');
    ftps.push(guesser);
    await ftpSay(guesser, `USER ${'x'.repeat(20)}`, '331');
    for (let i = 0; i < 3; i++) await ftpSay(guesser, `PASS ${'x'.repeat(20)}${i}`, '530');
    const t1 = Date.now();
    await guesser.closed;
    expect(Date.now() - t1).toBeLessThan(1000); // closed by the third refusal, not the login deadline

    // A STOR that trickles is cut (550 with 756): nothing kept, the token free for the retry.
    await ftpSay(charger, 'EPSV', '229');
    const dataPort = Number(/\(\|\|\|(\d+)\|\)/.exec(charger.text())?.[1]);
    const data = net.connect(dataPort, '127.0.0.1');
    data.on('error', () => undefined);
    await new Promise((r) => data.once('connect', r));
    await ftpSay(charger, 'STOR slow.log', '150');
    const drip = setInterval(() => data.write(Buffer.alloc(5, 0x63)), 100);
    try {
      expect(await ftpSay(charger, '', '550')).toContain('756');
    } finally {
      clearInterval(drip);
      data.destroy();
    }
    const r = await eventually(async () => {
      const x = await row(id);
      return x.uploadStartedAt === null ? x : null;
    });
    expect(r.fileId).toBeNull();
    charger.stop();
  });

  it('caps HTTP uploads per address and in all, cuts a trickle (408, 756) and keeps nothing; the retry is kept', async () => {
    const reqs = await Promise.all([0, 1, 2, 3].map(() => requested('HTTP')));
    const url = (i: number) => `${reqs[i].location}box.log`;
    // Two trickles from one address (5 bytes every 100 ms: 50 B/s, below 1 000 B/s).
    const slow = [trickle(url(0), '127.0.0.1', { first: 10, each: 5, everyMs: 100 }), trickle(url(1), '127.0.0.1', { first: 10, each: 5, everyMs: 100 })];
    await eventually(async () => (await Promise.all([0, 1].map(async (i) => (await row(reqs[i].id)).uploadStartedAt !== null))).every(Boolean));
    // A third from the same address is refused at once, before its token is looked at.
    const third = await trickle(url(2), '127.0.0.1', { first: 10, each: 10, everyMs: 50, total: 20 });
    expect(third.status).toBe(429);
    expect(third.body).toContain('(755)');
    expect(third.headers['retry-after']).toBe('60');
    // Another address takes the last place in all; a third address gets none.
    const other = trickle(url(2), '127.0.0.2', { first: 10, each: 5, everyMs: 100 });
    await eventually(async () => (await row(reqs[2].id)).uploadStartedAt !== null);
    const none = await trickle(url(3), '127.0.0.3', { first: 10, each: 10, everyMs: 50, total: 20 });
    expect(none.status).toBe(429);

    await nodeAnswers();

    // The trickles are cut within a couple of rate windows: 408 with 756, nothing kept, the tokens free.
    const t0 = Date.now();
    for (const r of await Promise.all([...slow, other])) {
      expect(r.status).toBe(408);
      expect(r.body).toContain('(756)');
    }
    expect(Date.now() - t0).toBeLessThan(3000);
    for (const i of [0, 1, 2])
      await eventually(async () => {
        const x = await row(reqs[i].id);
        return x.uploadStartedAt === null && x.fileId === null;
      });
    expect(await s.database.db.select().from(storedFilePart)).toEqual([]);

    // A steady upload above the rate but longer than UPLOAD_TIME_LIMIT_S (3 s) is cut too.
    const long = await trickle(url(3), '127.0.0.1', { first: 1000, each: 500, everyMs: 100 });
    expect(long.status).toBe(408);

    // The charger's retry at a normal pace is kept.
    const ok = await fetch(url(0), { method: 'PUT', body: new Uint8Array(Buffer.from('the whole file\n')) });
    expect(ok.status).toBe(201);
    expect((await row(reqs[0].id)).fileId).not.toBeNull();
  });

  const row = async (id: number) => (await s.database.db.select().from(diagnosticsRequest).where(eq(diagnosticsRequest.id, id)))[0];
});
