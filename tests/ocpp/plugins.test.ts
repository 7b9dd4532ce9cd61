/**
 * The demo network and the simulator as start-up plugins of `npm start` (server/plugins.ts,
 * README "Configuration"): on a fresh embedded database the demo network loads, SIMULATE attaches
 * simulated chargers to it, and DEMO=0 starts empty.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, startServerProcess, type ServerProcess } from '../support/server-process.js';

type ChargerPage = { total: number; records: { serialNum: string; online: boolean }[] };

describe('start-up plugins of the real server', () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('loads the demo network and attaches SIM_CHARGERS simulated chargers to it', async () => {
    server = await startServerProcess({ env: { ACCEPT_PROCESS: '0', SIMULATE: '1', SIM_CHARGERS: '2' }, readyTimeoutMs: 300_000 });
    const api = apiClient(server);
    await api.login();
    expect((await api.get<ChargerPage>('/charger?pageSize=1')).total).toBeGreaterThan(10);
    const end = Date.now() + 60_000;
    let online = 0;
    while (Date.now() < end) {
      online = (await api.get<ChargerPage>('/charger?pageSize=1&online=true')).total;
      if (online >= 2) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(online).toBe(2);
  }, 420_000);

  it('starts empty with DEMO=0: no demo network, no simulator', async () => {
    server = await startServerProcess({ env: { ACCEPT_PROCESS: '0', DEMO: '0', SIMULATE: '1' }, readyTimeoutMs: 300_000 });
    const api = apiClient(server);
    await api.login();
    expect((await api.get<ChargerPage>('/charger?pageSize=1')).total).toBe(0);
  }, 420_000);
});
