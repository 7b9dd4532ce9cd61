/**
 * Test builders: rows inserted directly with Drizzle (`aCompany`, `aStation`, `aCharger`, `aCard`,
 * `aNetwork`) and OCPP 1.6 payloads with sensible defaults (`aStartTransaction({ meterStart: 1200 })`).
 * Every builder takes overrides; unique fields get fresh values per call.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../server/db/client.js';
import { eq, sql } from 'drizzle-orm';
import { cardUser, charger, company, rateDetail, rateTemplate, station } from '../../server/db/schema.js';
import { hashPassword } from '../../server/auth/password.js';

const uid = (n = 4) => randomBytes(n).toString('hex').toUpperCase();

export type CompanyRow = typeof company.$inferSelect;
export type StationRow = typeof station.$inferSelect;
export type ChargerRow = typeof charger.$inferSelect;
export type CardRow = typeof cardUser.$inferSelect;

export async function aCompany(db: Db, o: Partial<typeof company.$inferInsert> = {}): Promise<CompanyRow> {
  const code = o.code ?? `C${uid(3)}`;
  const [row] = await db
    .insert(company)
    .values({ code, name: `Company ${code}`, currency: 'EUR', ...o })
    .returning();
  return row;
}

export async function aStation(db: Db, companyCode: string, o: Partial<typeof station.$inferInsert> = {}): Promise<StationRow> {
  const [row] = await db
    .insert(station)
    .values({ companyCode, name: `Station ${uid(2)}`, ...o })
    .returning();
  return row;
}

/** A charger with a 16-character SN; `password` sets an OCPP basic-auth password. */
export async function aCharger(db: Db, companyCode: string, o: Partial<typeof charger.$inferInsert> & { password?: string } = {}): Promise<ChargerRow> {
  const { password, ...rest } = o;
  const [row] = await db
    .insert(charger)
    .values({
      companyCode,
      serialNum: `SN${uid(7)}`,
      ...(password ? { ocppPasswordHash: await hashPassword(password) } : {}),
      ...rest,
    })
    .returning();
  return row;
}

export async function aCard(db: Db, companyCode: string, o: Partial<typeof cardUser.$inferInsert> = {}): Promise<CardRow> {
  const [row] = await db
    .insert(cardUser)
    .values({
      companyCode,
      cardNumber: `CARD${uid(4)}`,
      lastName: 'Doe',
      firstName: 'Jane',
      balance: '50.00',
      ...o,
    })
    .returning();
  return row;
}

/** A company with one station, one active charger and one card with a positive balance. */
export async function aNetwork(db: Db, o: { charger?: Parameters<typeof aCharger>[2]; card?: Partial<typeof cardUser.$inferInsert> } = {}) {
  const co = await aCompany(db);
  const st = await aStation(db, co.code);
  const ch = await aCharger(db, co.code, { stationId: st.id, ...o.charger });
  const card = await aCard(db, co.code, o.card);
  return { company: co, station: st, charger: ch, card };
}

/**
 * Prices station `stationId` (set to UTC) with a charged EUR template of two windows,
 * 00:00–12:00 at `am` and 12:00–24:00 at `pm` per kWh, plus `servicePerKwh`; answers the template's id.
 */
export async function aTwoWindowTariff(
  db: Db,
  companyCode: string,
  stationId: number,
  o: { modelName: string; am: string; pm: string; servicePerKwh?: string },
): Promise<number> {
  const [tpl] = await db
    .insert(rateTemplate)
    .values({
      companyCode,
      modelName: o.modelName,
      type: 'CHARGED',
      currency: 'EUR',
      serviceFeePerKwh: o.servicePerKwh ?? '0',
      serviceTax: '0',
      activated: true,
    })
    .returning();
  await db.insert(rateDetail).values([
    { templateId: tpl.id, startTime: '00:00', endTime: '12:00', electricityFeePerKwh: o.am },
    { templateId: tpl.id, startTime: '12:00', endTime: '24:00', electricityFeePerKwh: o.pm },
  ]);
  await db.update(station).set({ rateTemplateId: tpl.id, timeZone: 'UTC' }).where(eq(station.id, stationId));
  return tpl.id;
}

/**
 * Prices station `stationId` with a flat `perKwh` template (all day, no service fee, no tax, UTC):
 * an order costs its energy × `perKwh`.
 */
export async function aFlatTariff(db: Db, companyCode: string, stationId: number, perKwh = '0.35'): Promise<void> {
  await aTwoWindowTariff(db, companyCode, stationId, { modelName: 'Flat', am: perKwh, pm: perKwh });
}

/**
 * Makes the balance ledger's storage fail for some cards (a trigger refusing their rows, the way a
 * full disk or a lost tablespace would): answers the function that marks card `id` as refused.
 * Call once per database.
 */
export async function aFailingLedger(db: Db): Promise<(cardId: number) => Promise<void>> {
  await db.execute(
    sql.raw(`CREATE FUNCTION refuse_ledger_row() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.holder_type = 'CARD' AND EXISTS (SELECT 1 FROM card_user WHERE id = NEW.holder_id AND last_name = 'LedgerRefused') THEN
        RAISE EXCEPTION 'ledger storage unavailable';
      END IF;
      RETURN NEW;
    END $$`),
  );
  await db.execute(sql.raw('CREATE TRIGGER refuse_ledger_row BEFORE INSERT ON balance_record FOR EACH ROW EXECUTE FUNCTION refuse_ledger_row()'));
  return async (cardId) => {
    await db.update(cardUser).set({ lastName: 'LedgerRefused' }).where(eq(cardUser.id, cardId));
  };
}

/** OCPP 1.6 BootNotification.req. */
export const aBootNotification = (o: Record<string, unknown> = {}) => ({
  chargePointVendor: 'TestVendor',
  chargePointModel: 'TM-22',
  firmwareVersion: '1.2.3',
  ...o,
});

/** OCPP 1.6 StartTransaction.req (meterStart in Wh). */
export const aStartTransaction = (o: Partial<{ connectorId: number; idTag: string; meterStart: number; timestamp: string; reservationId: number }> = {}) => ({
  connectorId: 1,
  idTag: 'UNKNOWN',
  meterStart: 0,
  timestamp: new Date().toISOString(),
  ...o,
});

/** OCPP 1.6 StopTransaction.req (meterStop in Wh). */
export const aStopTransaction = (
  o: Partial<{ transactionId: number; idTag: string; meterStop: number; timestamp: string; reason: string; transactionData: unknown[] }> = {},
) => ({
  transactionId: 1,
  meterStop: 0,
  timestamp: new Date().toISOString(),
  reason: 'Local',
  ...o,
});

/** OCPP 1.6 MeterValues.req with an energy register reading (Wh) and power (W). */
export const aMeterValues = (o: { connectorId?: number; transactionId?: number; energyWh: number; powerW?: number; timestamp?: string }) => ({
  connectorId: o.connectorId ?? 1,
  ...(o.transactionId !== undefined ? { transactionId: o.transactionId } : {}),
  meterValue: [
    {
      timestamp: o.timestamp ?? new Date().toISOString(),
      sampledValue: [
        { value: String(o.energyWh), measurand: 'Energy.Active.Import.Register', unit: 'Wh', context: 'Sample.Periodic' },
        { value: String(o.powerW ?? 7200), measurand: 'Power.Active.Import', unit: 'W', context: 'Sample.Periodic' },
      ],
    },
  ],
});

/** OCPP 1.6 StatusNotification.req. */
export const aStatusNotification = (
  o: Partial<{ connectorId: number; status: string; errorCode: string; timestamp: string; info: string; vendorErrorCode: string }> = {},
) => ({
  connectorId: 1,
  status: 'Available',
  errorCode: 'NoError',
  timestamp: new Date().toISOString(),
  ...o,
});
