/**
 * Notices written by the central system, stored as data (domain/notices.ts): a Faulted
 * StatusNotification is an EVENT notice linked to its event (repeats one row with a count),
 * recovered when the connector reports NoError; a card the charger is told not to accept is a CARD_REJECTED problem,
 * one per card and day.
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { aNetwork } from '../support/builders.js';
import { notification } from '../../server/db/schema.js';
import { connect, eventually, serverSuite } from './helpers.js';

describe.each(backends())('notices from chargers on %s', (backend) => {
  const ctx = serverSuite(backend);

  it('records a fault once with its repeats, recovered when the connector is available again, and refused cards per card', async () => {
    const net = await aNetwork(ctx.s.database.db);
    const sn = net.charger.serialNum;
    const cp = await connect(ctx.s.ocppUrl, sn);
    try {
      await cp.call('BootNotification', { chargePointVendor: 'V', chargePointModel: 'M' });
      const status = (st: string, errorCode = 'NoError') =>
        cp.call('StatusNotification', { connectorId: 1, errorCode, status: st, timestamp: new Date().toISOString() });
      await status('Faulted', 'GroundFailure');
      await status('Faulted', 'GroundFailure');
      const faults = () =>
        ctx.s.database.db
          .select()
          .from(notification)
          .where(and(eq(notification.serialNum, sn), eq(notification.kind, 'EVENT')));
      expect(await faults()).toMatchObject([
        { companyCode: net.company.code, params: { serialNum: sn, connectorId: 1, eventType: 'GROUNDING_FAULT' }, repeatCount: 2, eventStatus: 'HAPPENING' },
      ]);
      await status('Available');
      await eventually(async () => (await faults())[0]?.eventStatus === 'RECOVERED');

      for (let i = 0; i < 3; i++) {
        const a = (await cp.call('Authorize', { idTag: 'NOSUCHCARD' })) as { idTagInfo: { status: string } };
        expect(a.idTagInfo.status).toBe('Invalid');
      }
      const rejected = await ctx.s.database.db
        .select()
        .from(notification)
        .where(and(eq(notification.serialNum, sn), eq(notification.kind, 'CARD_REJECTED')));
      expect(rejected).toMatchObject([{ params: { idTag: 'NOSUCHCARD', serialNum: sn, status: 'Invalid' }, repeatCount: 3, systemNotificationType: 'EVENT' }]);
    } finally {
      await cp.close({ force: true });
    }
  });
});
