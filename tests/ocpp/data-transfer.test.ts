/**
 * DataTransfer from a charger (OCPP 1.6 §4.3; issue 24 item 20): a vendorId this central system
 * does not know is answered UnknownVendorId, a known vendor's unknown messageId UnknownMessageId,
 * and only what is Accepted is stored. Known = OCPP_DATA_TRANSFER_VENDORS or the vendor code table
 * (platform, or the charger's own company). Strict-mode client: every answer is schema-checked.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { aCompany, aNetwork } from '../support/builders.js';
import { dataTransfer, eventVendorCode } from '../../server/db/schema.js';
import { parseDataTransferVendors } from '../../server/config.js';
import { serverSuite, whileConnected } from './helpers.js';

describe.each(backends())('DataTransfer vendors on %s', (backend) => {
  const ctx = serverSuite(backend, { dataTransferVendors: parseDataTransferVendors('com.acme=status|topology, org.open ,') });

  it('answers UnknownVendorId / UnknownMessageId as OCPP 1.6 §4.3 says, and stores only what it accepts', async () => {
    const db = ctx.s.database.db;
    const net = await aNetwork(db);
    const other = await aCompany(db);
    await db.insert(eventVendorCode).values([
      { companyCode: net.company.code, vendorId: 'com.ownco', vendorErrorCode: 'E1', eventType: 'OTHER_FAULT' },
      { companyCode: null, vendorId: 'com.platform', vendorErrorCode: 'E1', eventType: 'OTHER_FAULT' },
      { companyCode: other.code, vendorId: 'com.otherco', vendorErrorCode: 'E1', eventType: 'OTHER_FAULT' },
    ]);
    await whileConnected(ctx.s.ocppUrl, net.charger.serialNum, async (cp) => {
      const dt = (p: Record<string, unknown>) => cp.call('DataTransfer', p);
      // Unknown vendors: nothing implemented for them.
      expect(await dt({ vendorId: 'com.unknown', messageId: 'x', data: 'a' })).toEqual({ status: 'UnknownVendorId' });
      expect(await dt({ vendorId: 'com.otherco', data: 'a' })).toEqual({ status: 'UnknownVendorId' });
      // A configured vendor with its messageIds (CiString: case-insensitive).
      expect(await dt({ vendorId: 'COM.ACME', messageId: 'Status', data: 'ok' })).toEqual({ status: 'Accepted' });
      expect(await dt({ vendorId: 'com.acme', messageId: 'firmware', data: 'no' })).toEqual({ status: 'UnknownMessageId' });
      expect(await dt({ vendorId: 'com.acme', data: 'no message id' })).toEqual({ status: 'Accepted' });
      // A configured vendor without messageIds takes any.
      expect(await dt({ vendorId: 'org.open', messageId: 'anything' })).toEqual({ status: 'Accepted' });
      // The vendor code table: the charger's company's entry and the platform's.
      expect(await dt({ vendorId: 'com.ownco', messageId: 'm' })).toEqual({ status: 'Accepted' });
      expect(await dt({ vendorId: 'Com.Platform' })).toEqual({ status: 'Accepted' });
    });
    const stored = await db.select().from(dataTransfer).where(eq(dataTransfer.chargerSn, net.charger.serialNum));
    expect(stored.map((r) => `${r.vendorId}/${r.messageId ?? ''}`).sort()).toEqual([
      'COM.ACME/Status',
      'Com.Platform/',
      'com.acme/',
      'com.ownco/m',
      'org.open/anything',
    ]);
  });
});
