/**
 * One charger cannot fill the disk through the charger log (issue 24 item 2; docs/ocpp.md "The
 * charger log"): a flood of 60 KB and 20 KB DataTransfers and a burst of answers to calls the
 * server never made stay within the charger's byte budget plus its summaries; every frame is a row
 * or counted in a DROPPED row; a rate-limited CALL is a summary without its payload; and nothing
 * of a payload reaches the process log at warn (the pino output is read). Bounded: 300 + 300
 * DataTransfers and 900 unsolicited answers. The well-behaved charger next to it uses a strict-mode
 * client (every answer schema-checked).
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { aNetwork } from '../support/builders.js';
import { chargerLog, dataTransfer } from '../../server/db/schema.js';
import { parseDataTransferVendors } from '../../server/config.js';
import { MAX_STORED_FRAME_BYTES } from '../../server/ocpp/frame-recorder.js';
import { SUMMARY_SHARE } from '../../server/ocpp/log-budget.js';
import { eventually, rawSocket, whileConnected } from './helpers.js';

const BUDGET = 256 * 1024;
const MARKER = 'PAYLOAD-MARKER';

/** The pino lines the node wrote, parsed. */
class LogCapture extends Writable {
  readonly lines: { level: number; msg?: string; [k: string]: unknown }[] = [];
  bytes = 0;
  override _write(chunk: Buffer, _enc: BufferEncoding, done: () => void): void {
    this.bytes += chunk.length;
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
}

/** Sends `frames` on `ws` and resolves with the answers once `expected` came (or 60 s passed). */
async function exchange(ws: WebSocket, frames: string[], expected: number): Promise<unknown[][]> {
  const answers: unknown[][] = [];
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 60_000);
    ws.on('message', (data) => {
      answers.push(JSON.parse(String(data)) as unknown[]);
      if (answers.length >= expected) resolve();
    });
  });
  for (const f of frames) ws.send(f);
  await done;
  clearTimeout(timer);
  ws.removeAllListeners('message');
  return answers;
}

describe.each(backends())('the charger log under a flooding charger on %s', (backend) => {
  let s: TestServer;
  const logs = new LogCapture();
  beforeAll(async () => {
    s = await build(backend, { ocppLogBudgetBytes: BUDGET, logLevel: 'info', dataTransferVendors: parseDataTransferVendors('com.flood') }, { logStream: logs });
  });
  afterAll(async () => {
    await s?.close();
  });

  const rowsOf = (sn: string) => s.database.db.select().from(chargerLog).where(eq(chargerLog.chargerSn, sn));
  const payloadBytes = async (sn: string) => {
    const [r] = await s.database.db
      .select({ n: sql<string>`coalesce(sum(octet_length(${chargerLog.payload}::text)), 0)` })
      .from(chargerLog)
      .where(eq(chargerLog.chargerSn, sn));
    return Number(r.n);
  };
  /** Rows + the frames counted in DROPPED rows, once the socket's closing report is stored. */
  const accounted = async (sn: string, frames: number) =>
    eventually(async () => {
      const rows = await rowsOf(sn);
      const dropped = rows.filter((r) => r.messageType === 'DROPPED').reduce((n, r) => n + (r.payload as { frames: number }).frames, 0);
      const n = rows.filter((r) => r.messageType !== 'DROPPED').length + dropped;
      return n === frames ? { rows, dropped } : null;
    }, 200);

  it('keeps 300 × 60 KB and 300 × 20 KB DataTransfers within the byte budget and its summaries; every frame a row or counted', async () => {
    const net = await aNetwork(s.database.db);
    const sn = net.charger.serialNum;
    const ws = await rawSocket(`${s.ocppUrl}/${sn}`);
    const big = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify([2, `b${i}`, 'DataTransfer', { vendorId: 'com.flood', data: `${MARKER}${'x'.repeat(60_000)}` }]),
    );
    const mid = Array.from({ length: 300 }, (_, i) =>
      JSON.stringify([2, `m${i}`, 'DataTransfer', { vendorId: 'com.flood', data: `${MARKER}${'y'.repeat(20_000)}` }]),
    );
    // Paced a little, so that some pass the inbound limit (20/s) and the budget is what stops them.
    const answers: unknown[][] = [];
    for (let i = 0; i < 600; i += 60) {
      answers.push(...(await exchange(ws, [...big, ...mid].slice(i, i + 60), 60)));
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(answers).toHaveLength(600);
    const rateLimited = answers.filter((a) => a[0] === 4 && a[3] === 'rate limited').length;
    expect(rateLimited).toBeGreaterThan(0);
    ws.close();

    const { rows, dropped } = await accounted(sn, 1200);
    // Stored: the budget plus the summaries' share, whatever was sent (about 24 MB).
    expect(await payloadBytes(sn)).toBeLessThanOrEqual(BUDGET * (1 + SUMMARY_SHARE));
    expect(rows.every((r) => JSON.stringify(r.payload ?? null).length <= MAX_STORED_FRAME_BYTES)).toBe(true);
    // A 60 KB frame is never stored whole: a summary with its size and hash.
    const bigRows = rows.filter((r) => r.direction === 'IN' && r.messageId?.startsWith('b'));
    expect(bigRows.length + dropped).toBeGreaterThanOrEqual(300);
    for (const r of bigRows)
      expect(r.payload).toMatchObject({
        omitted: expect.stringMatching(/^(TOO_LARGE|RATE_LIMITED|OVER_BUDGET)$/),
        bytes: expect.any(Number),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    // A refused CALL is a summary without its payload; its CALLERROR answer is stored.
    const refused = rows.filter((r) => r.direction === 'IN' && (r.payload as { omitted?: string })?.omitted === 'RATE_LIMITED');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.action === 'DataTransfer' && !JSON.stringify(r.payload).includes(MARKER))).toBe(true);
    expect(rows.some((r) => (r.payload as { omitted?: string })?.omitted === 'OVER_BUDGET')).toBe(true);
    // The DataTransfer data stored beside the log is within the budget too (Rejected beyond it).
    const [dt] = await s.database.db
      .select({ n: sql<string>`coalesce(sum(octet_length(${dataTransfer.data})), 0)` })
      .from(dataTransfer)
      .where(eq(dataTransfer.chargerSn, sn));
    expect(Number(dt.n)).toBeLessThanOrEqual(BUDGET);
    expect(answers.some((a) => a[0] === 3 && (a[2] as { status?: string }).status === 'Rejected')).toBe(true);
  });

  it('rate-limits answers to calls never made, counts what it drops, and logs no payload at warn', async () => {
    const net = await aNetwork(s.database.db);
    const sn = net.charger.serialNum;
    const ws = await rawSocket(`${s.ocppUrl}/${sn}`);
    const started = Date.now();
    // 100 rounds of 9 unsolicited answers (30 KB each) and one Heartbeat, which keeps ocpp-rpc from
    // closing the socket after 10 bad messages in a row.
    const frames: string[] = [];
    for (let r = 0; r < 100; r++) {
      for (let k = 0; k < 9; k++) {
        const id = `u${r}-${k}`;
        frames.push(
          k % 2
            ? JSON.stringify([4, id, 'GenericError', MARKER, { junk: 'z'.repeat(30_000) }])
            : JSON.stringify([3, id, { junk: `${MARKER}${'z'.repeat(30_000)}` }]),
        );
      }
      frames.push(JSON.stringify([2, `h${r}`, 'Heartbeat', {}]));
    }
    const answers = await exchange(ws, frames, 100);
    const seconds = (Date.now() - started) / 1000;
    expect(answers).toHaveLength(100); // one per Heartbeat (answered or "rate limited"); none to the answers
    ws.close();

    const { rows, dropped } = await accounted(sn, 1000 + 100);
    const unsolicited = rows.filter((r) => r.direction === 'IN' && r.action === 'Unknown' && r.messageType !== 'DROPPED');
    expect(unsolicited.length).toBeLessThanOrEqual(10 + Math.ceil(seconds) + 1);
    expect(dropped).toBeGreaterThanOrEqual(900 - unsolicited.length);
    expect(await payloadBytes(sn)).toBeLessThanOrEqual(BUDGET * (1 + SUMMARY_SHARE));

    // The process log: nothing of a payload at warn or above, and few lines at all.
    const loud = logs.lines.filter((l) => l.level >= 40);
    expect(loud.filter((l) => JSON.stringify(l).includes(MARKER))).toEqual([]);
    // At most one line per kind (malformed, dropped, rate limited) every 10 s, and the offline notice.
    expect(loud.filter((l) => l.chargeBoxId === sn).length).toBeLessThanOrEqual(3 * Math.ceil((Date.now() - started) / 10_000) + 2);
    expect(logs.bytes).toBeLessThan(256 * 1024);
  });

  it('serves a well-behaved charger as before: every frame stored in full', async () => {
    const net = await aNetwork(s.database.db);
    await whileConnected(s.ocppUrl, net.charger.serialNum, async (cp) => {
      expect(await cp.call('Heartbeat', {})).toMatchObject({ currentTime: expect.any(String) });
      expect(await cp.call('DataTransfer', { vendorId: 'com.flood', data: 'small' })).toEqual({ status: 'Accepted' });
    });
    const rows = await eventually(async () => {
      const r = await rowsOf(net.charger.serialNum);
      return r.length >= 4 ? r : null;
    });
    expect(rows.every((r) => !(r.payload as { omitted?: string } | null)?.omitted)).toBe(true);
    const [dt] = await s.database.db
      .select()
      .from(dataTransfer)
      .where(and(eq(dataTransfer.chargerSn, net.charger.serialNum)));
    expect(dt.data).toBe('small');
  });
});
