/**
 * The demo network as a start-up plugin (server/plugins.ts): with DEMO on, fills an empty
 * database before the server opens its port (./index.ts `loadDemoIfEmpty`).
 */
import type { ServerPlugin } from '../server/plugins.js';
import { loadDemoIfEmpty } from './index.js';

export const plugin: ServerPlugin = {
  name: 'demo',
  async seed({ db, log }) {
    if ((await loadDemoIfEmpty(db)).loaded) log.info('demo network loaded');
  },
};
