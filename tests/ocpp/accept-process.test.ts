/**
 * The process model of `npm start` (docs/deployment.md "Process model", R12.43): with
 * ACCEPT_PROCESS on (the default) the process started only accepts, and its one child serves HTTP
 * and OCPP on the same port; SIGTERM to the process started still shuts down gracefully (every
 * charger's socket closed with 1001, both processes gone, exit 0). With ACCEPT_PROCESS=0 the
 * process started serves alone, with the same shutdown.
 */
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { aBootNotification } from '../support/builders.js';
import { apiClient, startServerProcess, type ServerProcess } from '../support/server-process.js';
import { connect } from './helpers.js';

/** The child processes of `pid` (Linux /proc). */
const childrenOf = (pid: number): number[] => {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const until = async (ok: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return ok();
};

describe.each([
  ['on (default)', {}],
  ['off', { ACCEPT_PROCESS: '0' }],
] as const)('ACCEPT_PROCESS %s', (_label, env) => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
  });

  it('serves the API and a charger, and SIGTERM to the process started closes the charger with 1001 and ends every process', async () => {
    server = await startServerProcess({ env: { ...env }, readyTimeoutMs: 300_000 });
    const kids = childrenOf(server.pid);
    expect(kids).toHaveLength('ACCEPT_PROCESS' in env ? 0 : 1); // the serving child
    const api = apiClient(server);
    await api.login('admin', server.adminPassword);
    const page = await api.get<{ records: { serialNum: string; lifeStatus: string; gatewaySn: string | null }[] }>('/charger?pageSize=50');
    const sn = page.records.find((c) => c.lifeStatus === 'ACTIVE' && !c.gatewaySn)!.serialNum;
    const cp = await connect(server.ocppUrl, sn);
    expect(await cp.call('BootNotification', aBootNotification())).toMatchObject({ status: 'Accepted' });
    const closed = new Promise<number>((r) => cp.once('close', ({ code }: { code: number }) => r(code)));
    process.kill(server.pid, 'SIGTERM');
    expect(await closed).toBe(1001);
    expect(await until(() => !alive(server!.pid) && kids.every((k) => !alive(k)), 20_000)).toBe(true);
  }, 420_000);
});
