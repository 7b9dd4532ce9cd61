/** The dashboard's status donut draws the states with chargers only: a full ring has no gap. */
import { describe, expect, it } from 'vitest';
import { donutSlices } from '../../../src/pages/dashboard/StatusDonut';

describe('donutSlices', () => {
  it('draws one state as a closed ring (no padding, no empty slices)', () => {
    const r = donutSlices([
      { key: 'available', name: 'Available', value: 0 },
      { key: 'charging', name: 'Charging', value: 0 },
      { key: 'offline', name: 'Offline', value: 20 },
    ]);
    expect(r.slices.map((s) => s.key)).toEqual(['offline']);
    expect(r.paddingAngle).toBe(0);
  });

  it('pads between several states and leaves out those without chargers', () => {
    const r = donutSlices([
      { key: 'available', name: 'Available', value: 3 },
      { key: 'charging', name: 'Charging', value: 0 },
      { key: 'offline', name: 'Offline', value: 2 },
    ]);
    expect(r.slices.map((s) => s.key)).toEqual(['available', 'offline']);
    expect(r.paddingAngle).toBe(2);
  });

  it('draws a grey ring without chargers', () => {
    expect(donutSlices([{ key: 'available', name: 'Available', value: 0 }])).toEqual({ slices: [{ key: 'none', name: '', value: 1 }], paddingAngle: 0 });
  });
});
