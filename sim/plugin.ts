/**
 * The charger simulator as a start-up plugin (server/plugins.ts): with SIMULATE on the demo
 * network, attaches SIM_CHARGERS simulated chargers once the port is open (./attach.ts).
 */
import type { ServerPlugin } from '../server/plugins.js';
import { startSimulation } from './attach.js';

export const plugin: ServerPlugin = {
  name: 'simulate',
  async started({ db, config, log, ocppUrl }) {
    return startSimulation({ db, url: ocppUrl, chargers: config.simChargers, log });
  },
};
