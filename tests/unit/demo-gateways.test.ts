/**
 * The demo network's gateway identities (fake-db/README.md "Gateways"): derived from the fixed
 * catalogue without the random generator, valid OCPP identities, never a charger's serial number.
 * The loaded rows (stations, chargers' gatewaySn) are checked against a database in
 * tests/api/demo.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, demoGatewaySerial, demoGatewayStations, demoSerial } from '../../fake-db/index.js';
import { gatewayCreate as gatewayInput } from '../../domain/entities/gateway.js';

describe('demo gateways', () => {
  it('sit at every second station of each company', () => {
    expect(demoGatewayStations(5)).toEqual([2, 4]);
    expect(demoGatewayStations(1)).toEqual([]);
    for (const c of DEMO_COMPANIES) {
      const at = demoGatewayStations(c.stations.length);
      expect(at.length).toBeGreaterThan(0);
      for (const no of at) expect(no).toBeLessThanOrEqual(c.stations.length);
    }
  });

  it('have 16-character serial numbers that the gateway form accepts', () => {
    expect(demoGatewaySerial('VOLTA', 1)).toBe('VOLTAGW000000001');
    expect(demoGatewaySerial('HKEV', 2)).toBe('HKEVGW0000000002');
    for (const c of DEMO_COMPANIES) {
      const sn = demoGatewaySerial(c.code, 1);
      expect(sn).toHaveLength(16);
      expect(gatewayInput.safeParse({ serialNum: sn, stationId: 1 }).success).toBe(true);
    }
  });

  it('never collide with a charger serial number (one OCPP identity namespace)', () => {
    const chargers = new Set<string>();
    const gateways = new Set<string>();
    for (const c of DEMO_COMPANIES) {
      for (let st = 1; st <= c.stations.length; st++) for (let k = 1; k <= 9; k++) chargers.add(demoSerial(c.code, st, k).toLowerCase());
      for (const i of demoGatewayStations(c.stations.length).keys()) gateways.add(demoGatewaySerial(c.code, i + 1).toLowerCase());
    }
    expect(gateways.size).toBe(DEMO_COMPANIES.reduce((n, c) => n + demoGatewayStations(c.stations.length).length, 0));
    for (const sn of gateways) expect(chargers.has(sn)).toBe(false);
  });
});
