/**
 * A frozen or failing PostgreSQL (docs/ocpp.md "Refusals and limits", README DB_* variables):
 * statements end at the statement timeout, the API answers 706 and the charger link answers
 * CALLERROR InternalError instead of hanging; both serve again once the database does.
 * PostgreSQL only (PGlite is in-process and has no server to freeze).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../support/db.js';
import { startNode, type TestServer } from '../support/app.js';
import { caller } from '../support/assets.js';
import { aNetwork } from '../support/builders.js';
import { ensureAdmin } from '../../server/db/bootstrap.js';
import { ensureMenus } from '../../server/modules/menu/service.js';
import { isDatabaseFailure } from '../../server/db/pg-errors.js';
import type { Database } from '../../server/db/client.js';
import { connect } from './helpers.js';
import { ADMIN_PASSWORD } from '../support/app.js';

describe('database failures are recognised', () => {
  it('counts SQLSTATEs, wrapped query errors and lost connections, not programming errors', () => {
    expect(isDatabaseFailure(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    expect(isDatabaseFailure(Object.assign(new Error('Failed query'), { name: 'DrizzleQueryError', cause: new Error('x') }))).toBe(true);
    expect(isDatabaseFailure(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseFailure(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isDatabaseFailure(new TypeError('x is not a function'))).toBe(false);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a frozen PostgreSQL', () => {
  let database: Database & { url?: string };
  let s: TestServer;
  beforeAll(async () => {
    database = await freshDatabase('postgres', { statementTimeoutMs: 400, connectTimeoutMs: 1000 });
    await ensureAdmin(database.db, ADMIN_PASSWORD);
    await ensureMenus(database.db);
    s = await startNode(database);
  });
  afterAll(async () => {
    await s?.close();
    await database?.close();
  });

  it('answers 706 on the API and InternalError on the link while a table is locked, then serves again', async () => {
    const net = await aNetwork(database.db);
    const admin = caller(s, await s.login());
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE charger IN ACCESS EXCLUSIVE MODE');
      const res = await admin('GET', `/sp/charger/${net.charger.id}`);
      expect(res.code).toBe(706);
      expect(res.status).toBe(503); // the server's failure, to retry: not the caller's mistake
      // A message that writes the locked table (a Heartbeat no longer does: last-seen is written in bulk).
      const status = { connectorId: 0, status: 'Available', errorCode: 'NoError', timestamp: new Date().toISOString() };
      await expect(cp.call('StatusNotification', status)).rejects.toMatchObject({ rpcErrorCode: 'InternalError' });
      expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime'); // answered from memory meanwhile
      await locker.query('ROLLBACK');
      expect((await admin('GET', `/sp/charger/${net.charger.id}`)).code).toBe(200);
      expect(await cp.call('StatusNotification', { ...status, timestamp: new Date().toISOString() })).toEqual({});
    } finally {
      await locker.end().catch(() => undefined);
      await cp.close({ force: true });
    }
  }, 30_000);
});
