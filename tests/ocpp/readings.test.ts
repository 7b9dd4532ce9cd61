/**
 * Implausible current and power readings (issue 24 item 17): a MeterValues whose Current.Import or
 * Power.Active.Import is not a plain decimal in its range (−1 000 000 A, `0x10`, 9 999 999.9 A,
 * 20 MW) is answered CALLERROR PropertyConstraintViolation and nothing of it is stored, as the
 * meter register rule does; a Stop is never refused, its implausible samples are left out. A
 * strict-mode client checks every answer against the OCPP 1.6 schemas.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { aStartTransaction, aStopTransaction } from '../support/builders.js';
import { meterValue } from '../../server/db/schema.js';
import { pricedSuite } from './helpers.js';

describe.each(backends())('implausible current and power readings on %s', (backend) => {
  const suite = pricedSuite(backend);

  it('refuses nonsense Current.Import / Power.Active.Import like an out-of-range register; stores plausible ones', async () => {
    const { ch, cp } = await suite.aChargePoint();
    const card = await suite.aFundedCard('50.00');
    const start = (await cp.call('StartTransaction', aStartTransaction({ idTag: card.cardNumber, meterStart: 0 }))) as { transactionId: number };
    const at = () => new Date().toISOString();
    const send = (sampledValue: Record<string, unknown>[]) =>
      cp.call('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [{ timestamp: at(), sampledValue: [{ value: '1000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }, ...sampledValue] }],
      });
    const rows = () => suite.s.database.db.select().from(meterValue).where(eq(meterValue.chargerId, ch.id));

    for (const bad of [
      { value: '-1000000', measurand: 'Current.Import', unit: 'A' },
      { value: '0x10', measurand: 'Current.Import', unit: 'A' },
      { value: '9999999.9', measurand: 'Current.Import', unit: 'A' },
      { value: '1e3', measurand: 'Current.Import', unit: 'A' },
      { value: 'Infinity', measurand: 'Power.Active.Import', unit: 'W' },
      { value: '20000', measurand: 'Power.Active.Import', unit: 'kW' },
      { value: '999999999999', measurand: 'Power.Active.Import', unit: 'W', phase: 'L1' },
    ]) {
      await expect(send([bad]), JSON.stringify(bad)).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' });
    }
    expect(await rows()).toEqual([]);

    // Plausible readings (and signed data, not judged) are stored.
    expect(
      await send([
        { value: '16', measurand: 'Current.Import', unit: 'A' },
        { value: '11.04', measurand: 'Power.Active.Import', unit: 'kW' },
        { value: 'c2lnbmVk', measurand: 'Current.Import', format: 'SignedData' },
      ]),
    ).toEqual({});
    expect((await rows()).map((r) => `${r.measurand}=${r.value}`).sort()).toEqual([
      'Current.Import=16',
      'Current.Import=c2lnbmVk',
      'Energy.Active.Import.Register=1000',
      'Power.Active.Import=11.04',
    ]);

    // A Stop is never refused; its implausible samples are left out, the plausible ones kept.
    await cp.call(
      'StopTransaction',
      aStopTransaction({
        transactionId: start.transactionId,
        meterStop: 2000,
        transactionData: [
          {
            timestamp: at(),
            sampledValue: [
              { value: '2000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
              { value: '999999999', measurand: 'Power.Active.Import', unit: 'kW' },
              { value: '-5', measurand: 'Current.Import', unit: 'A' },
              { value: '7200', measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
        ],
      }),
    );
    const stored = (await rows()).map((r) => `${r.measurand}=${r.value}`);
    expect(stored).toContain('Power.Active.Import=7200');
    expect(stored).not.toContain('Power.Active.Import=999999999');
    expect(stored).not.toContain('Current.Import=-5');
    expect((await suite.orderOf(start.transactionId)).status).toBe('FINISHED');
  });
});
