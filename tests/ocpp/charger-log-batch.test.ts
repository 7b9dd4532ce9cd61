/**
 * The charger log's batch insert (server/ocpp/charger-log.ts): one statement of fixed text,
 * prepared once per connection (server/db/client.ts `executeNamed`), storing every row exactly as
 * pushed, whatever the batch size. Requirements R12.29, R12.32.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { backends, freshDatabase } from '../support/db.js';
import { rowsOf, type Database } from '../../server/db/client.js';
import { chargerLog } from '../../server/db/schema.js';
import { ChargerLogWriter } from '../../server/ocpp/charger-log.js';

describe.each(backends())('charger log batches on %s', (backend) => {
  let database: Database;
  beforeAll(async () => {
    // One connection: the prepared statement it keeps is visible to the next query.
    database = await freshDatabase(backend, { poolSize: 1 });
  });
  afterAll(async () => database?.close());

  it('stores every row as pushed (null, string and nested payloads, times, order) in batches of any size', async () => {
    const writer = new ChargerLogWriter(database.db, pino({ level: 'silent' }), { maxBatch: 3, flushMs: 10_000, maxQueue: 100 });
    const at = new Date('2026-11-25T10:00:00.123Z');
    const payloads: unknown[] = [null, 'text', { a: [1, { b: null }], s: 'x"y\\z' }, {}, [1, 2], 0, { deep: { ok: true } }];
    for (const [i, payload] of payloads.entries())
      writer.push({
        chargerSn: 'CB-BATCH',
        companyCode: i % 2 ? null : 'C1',
        direction: i % 2 ? 'OUT' : 'IN',
        action: 'DataTransfer',
        messageType: i % 2 ? 'CALLRESULT' : 'CALL',
        messageId: `m${i}`,
        payload,
        at: new Date(at.getTime() + i),
      });
    await writer.close();
    const rows = await database.db.select().from(chargerLog).where(eq(chargerLog.chargerSn, 'CB-BATCH')).orderBy(asc(chargerLog.id));
    expect(rows.map((r) => r.messageId)).toEqual(payloads.map((_, i) => `m${i}`));
    expect(rows.map((r) => r.payload)).toEqual(payloads);
    expect(rows[0].payload).toBeNull();
    const [{ nulls }] = rowsOf<{ nulls: number }>(
      await database.db.execute(sql`select count(*)::int as nulls from ${chargerLog} where charger_sn = 'CB-BATCH' and payload is null`),
    );
    expect(nulls).toBe(1);
    expect(rows.map((r) => r.at.getTime())).toEqual(payloads.map((_, i) => at.getTime() + i));
    expect(rows.map((r) => r.companyCode)).toEqual(payloads.map((_, i) => (i % 2 ? null : 'C1')));
    expect(rows.map((r) => r.direction)).toEqual(payloads.map((_, i) => (i % 2 ? 'OUT' : 'IN')));
  });

  it.runIf(backend === 'postgres')('prepares the batch statement once on the connection, whatever the batch size', async () => {
    const writer = new ChargerLogWriter(database.db, pino({ level: 'silent' }), { maxBatch: 5, flushMs: 10_000, maxQueue: 100 });
    for (let i = 0; i < 7; i++)
      writer.push({ chargerSn: 'CB-PREP', direction: 'IN', action: 'Heartbeat', messageType: 'CALL', messageId: `p${i}`, payload: {} });
    await writer.close();
    const prepared = rowsOf<{ name: string }>(await database.db.execute(sql`select name from pg_prepared_statements where name like 'cd_%'`));
    expect(prepared.map((p) => p.name)).toContain('cd_charger_log_batch');
    const [{ n }] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${chargerLog} where charger_sn = 'CB-PREP'`));
    expect(n).toBe(7);
  });
});
