/**
 * The hot path's share of the metrics (server/modules/metrics/action-stats.ts, requirements
 * R12.38): per-action counts and handling-time buckets in typed arrays, exposed through a
 * prom-client registry; an action outside the tables is `other`, so labels stay bounded.
 */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { ActionStats } from '../../../server/modules/metrics/action-stats.js';

describe('ActionStats', () => {
  it('counts by action and result, fills cumulative buckets, and maps unknown actions to other', async () => {
    const stats = new ActionStats(['Heartbeat', 'BootNotification', 'Heartbeat']);
    expect(stats.names).toEqual(['BootNotification', 'Heartbeat', 'other']);
    const hb = stats.slot('Heartbeat');
    stats.record(hb, 0.0005, 0);
    stats.record(hb, 0.03, 0);
    stats.record(hb, 20, 1);
    stats.record(stats.slot('NoSuchAction'), 0.002, 2);
    expect(stats.count('Heartbeat')).toBe(2);
    expect(stats.count('Heartbeat', 'error')).toBe(1);
    expect(stats.count('anything else', 'rate_limited')).toBe(1);

    const registry = new Registry();
    for (const m of stats.metrics()) registry.registerMetric(m as unknown as Parameters<Registry['registerMetric']>[0]);
    const text = await registry.metrics();
    expect(text).toContain('# TYPE chargedesk_ocpp_messages_total counter');
    expect(text).toContain('chargedesk_ocpp_messages_total{action="Heartbeat",result="ok"} 2');
    expect(text).toContain('chargedesk_ocpp_messages_total{action="other",result="rate_limited"} 1');
    expect(text).toContain('chargedesk_ocpp_messages_total{action="BootNotification",result="ok"} 0');
    expect(text).toContain('# TYPE chargedesk_ocpp_handler_seconds histogram');
    expect(text).toContain('chargedesk_ocpp_handler_seconds_bucket{action="Heartbeat",le="0.001"} 1');
    expect(text).toContain('chargedesk_ocpp_handler_seconds_bucket{action="Heartbeat",le="0.05"} 2');
    expect(text).toContain('chargedesk_ocpp_handler_seconds_bucket{action="Heartbeat",le="10"} 2');
    expect(text).toContain('chargedesk_ocpp_handler_seconds_bucket{action="Heartbeat",le="+Inf"} 3');
    expect(text).toContain('chargedesk_ocpp_handler_seconds_count{action="Heartbeat"} 3');
    // No histogram series for an action never seen.
    expect(text).not.toContain('chargedesk_ocpp_handler_seconds_count{action="BootNotification"}');
  });
});
