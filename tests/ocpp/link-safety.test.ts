/**
 * Nothing a client sends ends the process (docs/ocpp.md "Refusals and limits"): malformed
 * identities on the upgrade are refused 400 and recorded; an error escaping a handler is logged by
 * the safety net and the process keeps serving the API and the chargers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, ADMIN_PASSWORD, type TestServer } from '../support/app.js';
import { aBootNotification, aNetwork } from '../support/builders.js';
import { ROOT } from '../support/server-process.js';
import { connectionAttempt } from '../../server/db/schema.js';
import { connect, rawUpgrade } from './helpers.js';

describe.each(backends())('OCPP upgrade requests on %s', (backend) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await build(backend);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('refuses malformed identities with 400, records them, and keeps serving', async () => {
    const bad = [
      '/ocpp/%',
      '/ocpp/%E0%A4%A',
      '/ocpp/VOLTA00000000101%E0',
      `/ocpp/${'A'.repeat(65)}`,
      '/ocpp/a%00b',
      '/ocpp/%2F..%2Fetc',
      `/ocpp/${'%41'.repeat(5000)}`,
    ];
    for (const path of bad) expect(await rawUpgrade(s.baseUrl, path), path).toBe(400);
    const rows = await s.database.db.select().from(connectionAttempt).where(eq(connectionAttempt.reason, 'MALFORMED_IDENTITY'));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows.every((r) => r.identity.length <= 200)).toBe(true);

    const net = await aNetwork(s.database.db);
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    expect(await cp.call('BootNotification', aBootNotification())).toMatchObject({ status: 'Accepted' });
    await cp.close({ force: true });
    const res = await s.app.inject({ method: 'POST', url: '/sp/login', payload: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(res.json().code).toBe(200);
  });
});

describe('the process safety net', () => {
  let child: ChildProcess | undefined;
  let node: { baseUrl: string; ocppUrl: string; serialNum: string };
  let exited = false;
  beforeAll(async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/fragile-node.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
    child.once('exit', () => {
      exited = true;
    });
    const lines = readline.createInterface({ input: child.stdout! });
    node = await new Promise((resolve, reject) => {
      lines.once('line', (l) => resolve(JSON.parse(l)));
      child!.once('exit', (code) => reject(new Error(`test node exited (${code})`)));
    });
  }, 60_000);
  afterAll(async () => {
    if (child && !exited) {
      const gone = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
      if (!exited) child.kill('SIGKILL');
    }
  });

  it('keeps serving the API and the chargers after a handler throws, rejects and throws from a timer', async () => {
    const cp = await connect(node.ocppUrl, node.serialNum);
    await expect(cp.call('DataTransfer', { vendorId: 'x' })).rejects.toMatchObject({ rpcErrorCode: 'InternalError' });
    await new Promise((r) => setTimeout(r, 300));
    expect(exited).toBe(false);
    expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime');
    await cp.close({ force: true });
    expect(await rawUpgrade(node.baseUrl, '/ocpp/%')).toBe(400);
    const res = await fetch(`${node.baseUrl}/sp/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect((await res.json()).code).toBe(200);
    expect(exited).toBe(false);
  }, 30_000);
});
