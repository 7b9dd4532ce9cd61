/**
 * The charger log's byte budget per identity (requirements R12.40; server/ocpp/log-budget.ts) and
 * the list of DataTransfer vendors (R12.45; OCPP_DATA_TRANSFER_VENDORS).
 */
import { describe, expect, it } from 'vitest';
import { DROP_REPORT_MS, LogBudget, SUMMARY_COST } from '../../../server/ocpp/log-budget.js';
import { parseDataTransferVendors } from '../../../server/config.js';

describe('charger log budget', () => {
  it('stores in full within the budget, then summaries up to a quarter more, then drops and counts', () => {
    let t = 0;
    const b = new LogBudget(10_000, 1_000_000, () => t);
    expect(b.charge('A', 6_000)).toBe('full');
    expect(b.charge('A', 6_000)).toBe('summary'); // would pass the budget
    expect(b.charge('A', 100, false)).toBe('summary'); // not storable in full (too large, refused)
    expect(b.charge('B', 9_000)).toBe('full'); // another identity has its own budget
    let n = 0;
    for (let fate = b.charge('A', 5_000); fate !== 'drop'; fate = b.charge('A', 5_000)) {
      expect(fate).toBe('summary');
      n++;
    }
    expect(n).toBe(Math.floor((12_500 - 6_000 - 2 * SUMMARY_COST) / SUMMARY_COST));
    expect(b.spent('A')).toBeLessThanOrEqual(12_500);
    b.dropped('A', 5);
    expect(b.takeDropped('A')).toBeNull(); // the last report is not a minute old
    t += DROP_REPORT_MS;
    expect(b.takeDropped('A')).toEqual({ frames: 2, bytes: 5_005 });
    expect(b.takeDropped('A', true)).toBeNull(); // nothing new
    // A new window starts afresh.
    t += 1_000_000;
    expect(b.charge('A', 6_000)).toBe('full');
    expect(b.spend('A', 5_000)).toBe(false); // DataTransfer data: only within the budget itself
    expect(b.spend('A', 4_000)).toBe(true);
  });

  it('reads OCPP_DATA_TRANSFER_VENDORS: vendors with or without messageIds, case-insensitive', () => {
    const v = parseDataTransferVendors(' com.Acme=Status|topology ,org.open,, com.acme=extra, x= ');
    expect([...v.keys()]).toEqual(['com.acme', 'org.open', 'x']);
    expect([...(v.get('com.acme') ?? [])]).toEqual(['status', 'topology', 'extra']);
    expect(v.get('org.open')).toBeNull();
    expect([...(v.get('x') ?? ['?'])]).toEqual([]);
    expect(parseDataTransferVendors(undefined).size).toBe(0);
  });
});
