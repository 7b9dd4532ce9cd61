/**
 * Start-up plugins (server/plugins.ts; docs/decisions.md "Layers"): the configuration chooses the
 * demo network and the simulator (tests/ocpp/plugins.test.ts starts the real server with them).
 */
import { describe, expect, it } from 'vitest';
import { pluginsFor } from '../../../server/plugins.js';

describe('start-up plugins', () => {
  it.each([
    [{ demo: true, simulate: true }, ['demo', 'simulate']],
    [{ demo: true, simulate: false }, ['demo']],
    // The simulator drives the demo chargers: without the demo network it does not start.
    [{ demo: false, simulate: true }, []],
    [{ demo: false, simulate: false }, []],
  ] as const)('%o → %o', (config, names) => {
    expect(pluginsFor(config)).toEqual(names);
  });
});
