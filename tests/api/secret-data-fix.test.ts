/**
 * The hand-written data fix of migration 0025 (requirements R10.24): charger-log rows stored before
 * secrets were masked at write — the COMMAND row of ChangeConfiguration AuthorizationKey, a
 * GetConfiguration answer reporting the key, GetDiagnostics locations over HTTP and FTP, an
 * UpdateFirmware download URL — hold no secret after it; other rows are untouched.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, sql } from 'drizzle-orm';
import { chargerLog } from '../../server/db/schema.js';
import { backends, freshDatabase } from '../support/db.js';

const MIGRATION = new URL('../../server/db/migrations/0025_hardening_round_3.sql', import.meta.url);
/** The data-fix statements of the migration (the UPDATEs of charger_log). */
const fixes = readFileSync(MIGRATION, 'utf8')
  .split('--> statement-breakpoint')
  .filter((st) => st.includes('UPDATE "charger_log"'));

describe.each(backends())('migration 0025 data fix on %s', (backend) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(backend);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('masks the secrets of stored rows and leaves the others as they were', async () => {
    const db = database.db;
    const row = (action: string, messageType: string, payload: unknown) => ({ chargerSn: 'SN0000000000FIX1', direction: 'OUT', action, messageType, payload });
    await db.insert(chargerLog).values([
      row('ChangeConfiguration', 'COMMAND', { request: { key: 'AuthorizationKey', value: 'SECRET-KEY-1' }, by: 'admin', result: 'ACCEPTED' }),
      row('GetConfiguration', 'CALLRESULT', {
        configurationKey: [
          { key: 'HeartbeatInterval', readonly: false, value: '60' },
          { key: 'AuthorizationKey', readonly: false, value: 'SECRET-KEY-2' },
        ],
      }),
      row('GetDiagnostics', 'CALL', { location: 'http://cs.example.com/ocpp-files/diagnostics/SECRETTOKEN3abc/' }),
      row('GetDiagnostics', 'COMMAND', { request: { location: 'ftp://SECRETTOKEN4:SECRETTOKEN4@cs.example.com:2121/' }, by: 'admin' }),
      row('UpdateFirmware', 'CALL', {
        location: 'http://cs.example.com/ocpp-files/firmware/SECRETTOKEN5.sig/fw.bin?version=2',
        retrieveDate: '2026-01-01T00:00:00.000Z',
      }),
      row('ChangeConfiguration', 'COMMAND', { request: { key: 'HeartbeatInterval', value: '300' }, by: 'admin', result: 'ACCEPTED' }),
    ]);
    for (const st of fixes) await db.execute(sql.raw(st));
    const rows = await db.select().from(chargerLog).orderBy(asc(chargerLog.id));
    expect(JSON.stringify(rows)).not.toMatch(/SECRET/);
    expect(rows[0].payload).toEqual({ request: { key: 'AuthorizationKey', value: '[redacted]' }, by: 'admin', result: 'ACCEPTED' });
    expect(rows[1].payload).toEqual({
      configurationKey: [
        { key: 'HeartbeatInterval', readonly: false, value: '60' },
        { key: 'AuthorizationKey', readonly: false, value: '[redacted]' },
      ],
    });
    expect(rows[2].payload).toEqual({ location: 'http://cs.example.com/ocpp-files/diagnostics/[redacted]/' });
    expect(rows[3].payload).toEqual({ request: { location: 'ftp://[redacted]@cs.example.com:2121/' }, by: 'admin' });
    expect((rows[4].payload as { location: string }).location).toBe('http://cs.example.com/ocpp-files/firmware/[redacted]/fw.bin?version=2');
    expect(rows[5].payload).toEqual({ request: { key: 'HeartbeatInterval', value: '300' }, by: 'admin', result: 'ACCEPTED' });
  });
});
