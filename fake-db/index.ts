/**
 * The demo network: a seeded, deterministic generator that fills an EMPTY database (no company
 * rows) in one transaction with two operator companies, their station groups, stations, gateways,
 * chargers and connectors, card and app users, roles and accounts, three weeks of finished orders (with
 * meter values for a sample), a few notifications and report tickets. See fake-db/README.md.
 *
 * The same seed and the same `now` give the same rows (serial numbers, card numbers, order
 * numbers, amounts); times are placed relative to the UTC midnight of `now`.
 */
import Decimal from 'decimal.js';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../server/db/client.js';
import {
  account,
  appUser,
  balanceRecord,
  cardUser,
  charger,
  chargeOrder,
  company,
  connector,
  event,
  gateway,
  meterValue,
  orderExportSetting,
  role,
  station,
  stationGroup,
} from '../server/db/schema.js';
import { hashPassword } from '../server/auth/password.js';
import { openEventIn, syncNoticeStatus } from '../server/modules/event/lifecycle.js';
import type { EventType } from '../domain/events.js';
import { DEMO_COMPANIES, DEMO_GATEWAY_FIRMWARE, DEMO_MODELS, STOP_REASONS, type DemoCompany } from './catalog.js';
import { demoLogoPng } from './logo.js';
import { mulberry32, type Rng } from './prng.js';
import { priceDemoSession } from './pricing.js';
import { seedHomeStations } from './home.js';
import { seedDemoTickets } from './tickets.js';
import { demoTariff, seedRateTemplates } from './rate-templates.js';
import { seedDemoFirmware } from './firmware.js';
import { ENERGY_REGISTER } from '../domain/meter.js';
import { orderNumber } from '../domain/order-number.js';
import { operatorAdminPermissions } from '../server/modules/company/service.js';
import { PERMISSIONS } from '../domain/permissions.js';

export { DEMO_COMPANIES } from './catalog.js';

/** The password of every demo account (`volta.admin`, `volta.staff`, `volta.manager`, `hkev.*`). */
export const DEMO_PASSWORD = 'demo1234';
/** Codes of the demo operator companies. */
export const DEMO_COMPANY_CODES = DEMO_COMPANIES.map((c) => c.code);
/** The seed of the generator. */
export const DEMO_SEED = 20240611;
/** Days of order history before today. */
export const DEMO_HISTORY_DAYS = 21;
/** Permissions of the `<CODE>_STAFF` role: monitoring and orders. */
export const STAFF_PERMISSIONS = [
  PERMISSIONS.monitoring.section,
  PERMISSIONS.monitoring.map,
  PERMISSIONS.monitoring.stations,
  PERMISSIONS.monitoring.chargers,
  PERMISSIONS.operations.section,
  PERMISSIONS.operations.orders,
];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type ChargerRow = typeof charger.$inferInsert;
type OrderRow = typeof chargeOrder.$inferInsert;
type MeterRow = typeof meterValue.$inferInsert;

const HOUR = 3_600_000;
const MINUTE = 60_000;
const DAY = 24 * HOUR;
/** Rows per INSERT statement (well under PostgreSQL's 65535 bind parameters). */
const CHUNK = 400;
/** One order in this many gets periodic meter values. */
const METER_SAMPLE_EVERY = 25;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const money = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** A 16-character serial number: the company code then zero-padded station and charger numbers. */
export function demoSerial(companyCode: string, stationNo: number, chargerNo: number): string {
  return companyCode + pad(stationNo * 100 + chargerNo, 16 - companyCode.length);
}

/**
 * A 16-character gateway serial number: the company code, `GW`, then the zero-padded gateway
 * number — `VOLTAGW000000001`. Charger serials are all digits after the code, so the two never
 * collide (chargers and gateways share one OCPP identity namespace).
 */
export function demoGatewaySerial(companyCode: string, gatewayNo: number): string {
  return `${companyCode}GW${pad(gatewayNo, 16 - companyCode.length - 2)}`;
}

/**
 * Station numbers (1-based) of a company that get a gateway: every second station (2, 4, …).
 * Chosen without the random generator so adding gateways leaves every other demo value unchanged.
 */
export function demoGatewayStations(stationCount: number): number[] {
  return Array.from({ length: Math.floor(stationCount / 2) }, (_, i) => 2 * (i + 1));
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Options of {@link loadDemoIfEmpty}; tests pass a fixed `now` to compare two loads. */
export interface DemoOptions {
  now?: Date;
  seed?: number;
}

/** Row counts of a load. */
export interface DemoCounts {
  companies: number;
  stations: number;
  gateways: number;
  chargers: number;
  cardUsers: number;
  appUsers: number;
  orders: number;
  meterValues: number;
}

/**
 * Loads the demo network when the database has no company yet.
 * @returns `{ loaded: false }` on a non-empty database (nothing written), else the row counts.
 */
export async function loadDemoIfEmpty(db: Db, opts: DemoOptions = {}): Promise<{ loaded: boolean; counts?: DemoCounts }> {
  const [{ n }] = await db.select({ n: count() }).from(company);
  if (n > 0) return { loaded: false };
  const now = opts.now ?? new Date();
  const rng = mulberry32(opts.seed ?? DEMO_SEED);
  // One scrypt hash shared by all demo accounts keeps start-up fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const counts: DemoCounts = { companies: 0, stations: 0, gateways: 0, chargers: 0, cardUsers: 0, appUsers: 0, orders: 0, meterValues: 0 };
  const usedCards = new Set<string>();
  const usedTx = new Set<number>();
  await db.transaction(async (tx) => {
    for (const c of DEMO_COMPANIES) {
      await loadCompany(tx, c, { rng, now, passwordHash, counts, usedCards, usedTx });
    }
    // Rate templates the orders above are priced with (time of use), assigned to every station.
    await seedRateTemplates(tx, DEMO_COMPANIES);
    await seedDemoFirmware(tx, DEMO_COMPANIES[0].code, now);
    // Home chargers with their owners, family and guests.
    for (const c of DEMO_COMPANIES) await seedHomeStations(tx, c.code, now);
    // Report tickets from app users, one with a photo, each a notice of the bell.
    for (const c of DEMO_COMPANIES) await seedDemoTickets(tx, c.code, c.accountPrefix, now);
  });
  return { loaded: true, counts };
}

interface Ctx {
  rng: Rng;
  now: Date;
  passwordHash: string;
  counts: DemoCounts;
  usedCards: Set<string>;
  usedTx: Set<number>;
}

async function loadCompany(tx: Tx, c: DemoCompany, ctx: Ctx): Promise<void> {
  const { rng, now, counts } = ctx;
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const domain = c.serviceEmail.split('@')[1];

  await tx.insert(company).values({
    code: c.code,
    name: c.name,
    currency: c.currency,
    address: c.address,
    servicePhone: c.servicePhone,
    serviceEmail: c.serviceEmail,
    adminUsername: `${c.accountPrefix}.admin`,
    timeZone: c.timeZone,
    remark: 'Demo operator',
    createdAt: new Date(midnight - 120 * DAY),
  });
  counts.companies++;

  // Order export settings, so tax invoices print out of the box: the operator block and a logo
  // drawn in the brand colour (no random draws: every other demo value stays as it was).
  await tx.insert(orderExportSetting).values({
    companyCode: c.code,
    operatorCompanyName: c.invoice.operatorCompanyName,
    address: c.invoice.address,
    logoType: 'image/png',
    logoData: Buffer.from(demoLogoPng(c.invoice.color)).toString('base64'),
    electricityFeeTitle: c.invoice.electricityFeeTitle,
    serviceFeeTitle: c.invoice.serviceFeeTitle,
    notes: c.invoice.notes,
    updatedBy: `${c.accountPrefix}.admin`,
    updatedAt: new Date(midnight - 119 * DAY),
  });

  const groups = await tx
    .insert(stationGroup)
    .values(
      c.groups.map((name, i) => ({
        companyCode: c.code,
        name,
        isDefault: i === 0,
        remark: i === 0 ? 'Created with the company' : null,
      })),
    )
    .returning({ id: stationGroup.id });

  // stations
  const stationRows = await tx
    .insert(station)
    .values(
      c.stations.map((s, i) => ({
        companyCode: c.code,
        groupId: groups[s.group].id,
        name: s.name,
        status: 'ACTIVE',
        visibility: 'PUBLIC',
        locationType: s.locationType,
        maintainer: `${rng.pick(c.firstNames)} ${rng.pick(c.lastNames)}`,
        maintainerMobile: `${c.mobilePrefix}${pad(rng.int(1000000, 9999999), 7)}`,
        customerCompany: c.name,
        customerName: s.name,
        contactEmail: `site${i + 1}@${domain}`,
        address: s.address,
        houseNumber: s.houseNumber,
        city: c.city,
        zip: s.zip || null,
        country: c.country,
        latitude: s.latitude,
        longitude: s.longitude,
        pricingModel: 'CHARGED',
        stationCode: `${c.code}-S${pad(i + 1, 2)}`,
        timeZone: c.timeZone,
        createdAt: new Date(midnight - (100 - i) * DAY),
      })),
    )
    .returning({ id: station.id, name: station.name });
  counts.stations += stationRows.length;

  // gateways: one local controller at every second station, named by all of that station's
  // chargers (`gatewaySn`); HKEV's second one deactivated for variety. Offline until a gateway
  // connects. No random draws here, so every other demo value stays as it was.
  const gatewayOf = new Map<number, string>();
  const gatewayRows = demoGatewayStations(stationRows.length).map((stationNo, i) => {
    const sn = demoGatewaySerial(c.code, i + 1);
    gatewayOf.set(stationNo - 1, sn);
    return {
      companyCode: c.code,
      stationId: stationRows[stationNo - 1].id,
      serialNum: sn,
      lifeStatus: c.code === 'HKEV' && i === 1 ? 'INACTIVE' : 'ACTIVE',
      firmwareVersion: DEMO_GATEWAY_FIRMWARE[i % DEMO_GATEWAY_FIRMWARE.length],
      online: false,
      createdAt: new Date(midnight - (90 - stationNo) * DAY),
    };
  });
  if (gatewayRows.length > 0) await tx.insert(gateway).values(gatewayRows);
  counts.gateways += gatewayRows.length;

  // chargers and connectors
  const chargerRows: ChargerRow[] = [];
  const connectorCount = new Map<string, number>();
  stationRows.forEach((st, si) => {
    const n = rng.int(3, 6);
    for (let k = 1; k <= n; k++) {
      const m = k === 1 && si % 2 === 0 ? DEMO_MODELS[rng.int(0, 1)] : rng.pick(DEMO_MODELS);
      const sn = demoSerial(c.code, si + 1, k);
      const installed = new Date(midnight - rng.int(60, 900) * DAY);
      connectorCount.set(sn, m.connectors);
      chargerRows.push({
        companyCode: c.code,
        stationId: st.id,
        serialNum: sn,
        chargerStationCode: `${c.code}-S${pad(si + 1, 2)}-${pad(k, 2)}`,
        phase: m.phase,
        lifeStatus: 'ACTIVE',
        installerName: `${rng.pick(c.firstNames)} ${rng.pick(c.lastNames)}`,
        installerEmail: `installer@${domain}`,
        installerCompany: `${c.city} E-Mobility Services`,
        installerContact: `${c.mobilePrefix}${pad(rng.int(1000000, 9999999), 7)}`,
        installationDate: installed.toISOString().slice(0, 10),
        warrantyYears: rng.int(0, 3),
        gatewaySn: gatewayOf.get(si) ?? null,
        type: m.type,
        equipmentNumber: `EQ-${sn.slice(-6)}`,
        ratedPowerKw: m.ratedPowerKw,
        runStatus: null,
        online: false,
        firmwareVersion: m.firmware,
        vendor: m.vendor,
        model: m.model,
        createdAt: installed,
      });
    }
  });
  const inserted = await tx.insert(charger).values(chargerRows).returning({ id: charger.id, serialNum: charger.serialNum });
  const idOf = new Map(inserted.map((r) => [r.serialNum, r.id]));
  counts.chargers += inserted.length;
  await tx.insert(connector).values(
    chargerRows.flatMap((ch) =>
      Array.from({ length: connectorCount.get(ch.serialNum)! }, (_, i) => ({
        chargerId: idOf.get(ch.serialNum)!,
        connectorId: i + 1,
        status: 'Available',
        errorCode: 'NoError',
        statusAt: ch.createdAt!,
      })),
    ),
  );

  // card users and app users
  const nCards = rng.int(20, 40);
  const cards: { id: number; cardNumber: string; active: boolean; name: string }[] = [];
  const cardRows = Array.from({ length: nCards }, (_, i) => {
    let cardNumber: string;
    do
      cardNumber = Array.from({ length: 4 }, () => rng.int(0, 255).toString(16).padStart(2, '0'))
        .join('')
        .toUpperCase();
    while (ctx.usedCards.has(cardNumber));
    ctx.usedCards.add(cardNumber);
    const firstName = rng.pick(c.firstNames);
    const lastName = rng.pick(c.lastNames);
    const limited = i > 0 && rng.chance(0.15);
    return {
      companyCode: c.code,
      cardNumber,
      firstName,
      lastName,
      mobile: `${c.mobilePrefix}${pad(rng.int(1000000, 9999999), 7)}`,
      email: `${firstName}.${lastName}${i}@mail.example`.toLowerCase().replace(/[^a-z0-9.@]/g, ''),
      scope: limited ? 'STATIONS' : 'ALL',
      stationIds: limited
        ? stationRows
            .filter(() => rng.chance(0.5))
            .map((s) => s.id)
            .slice(0, 3)
        : [],
      managerCard: i === 0,
      active: i === 0 || rng.chance(0.94),
      balance: money(new Decimal(rng.int(c.balance[0] * 100, c.balance[1] * 100)).div(100)),
      createdAt: new Date(midnight - rng.int(0, 75) * DAY - rng.int(0, 23) * HOUR),
    };
  });
  const cardsIn = await tx.insert(cardUser).values(cardRows).returning({
    id: cardUser.id,
    cardNumber: cardUser.cardNumber,
    active: cardUser.active,
    firstName: cardUser.firstName,
    lastName: cardUser.lastName,
    balance: cardUser.balance,
    createdAt: cardUser.createdAt,
  });
  for (const row of cardsIn) {
    cards.push({ id: row.id, cardNumber: row.cardNumber, active: row.active, name: `${row.firstName} ${row.lastName}` });
  }
  counts.cardUsers += cards.length;
  const nApps = rng.int(4, 7);
  const apps = await tx
    .insert(appUser)
    .values(
      Array.from({ length: nApps }, (_, i) => {
        const first = rng.pick(c.firstNames);
        const last = rng.pick(c.lastNames);
        return {
          companyCode: c.code,
          nickname: `${first.split(' ')[0].toLowerCase()}${rng.int(10, 99)}`,
          fullName: `${first} ${last}`,
          mobile: `${c.mobilePrefix}${pad(rng.int(1000000, 9999999), 7)}`,
          email: `app${i + 1}@${domain}`,
          registrationMethod: rng.pick(['MOBILE', 'EMAIL']),
          idTag: `APP${c.code}${pad(i + 1, 4)}`,
          balance: money(new Decimal(rng.int(0, c.balance[1] * 50)).div(100)),
          createdAt: new Date(midnight - rng.int(0, 60) * DAY - rng.int(0, 23) * HOUR),
        };
      }),
    )
    .returning({ id: appUser.id, idTag: appUser.idTag, balance: appUser.balance, createdAt: appUser.createdAt });
  counts.appUsers += apps.length;
  // Every balance came through the ledger: one opening recharge per holder, so Σ ledger = balance.
  const opening = [...cardsIn.map((h) => ({ holderType: 'CARD', ...h })), ...apps.map((h) => ({ holderType: 'APP', ...h }))].filter((h) =>
    new Decimal(h.balance).gt(0),
  );
  if (opening.length) {
    await tx.insert(balanceRecord).values(
      opening.map((h) => ({
        companyCode: c.code,
        holderType: h.holderType,
        holderId: h.id,
        changeType: 'PLATFORM_RECHARGE' as const,
        changeAmount: h.balance,
        oldBalance: '0.00',
        newBalance: h.balance,
        remark: 'Opening balance',
        operator: 'demo',
        createdAt: new Date(h.createdAt.getTime() + HOUR),
      })),
    );
  }

  // roles and accounts
  const [adminRole, staffRole] = await tx
    .insert(role)
    .values([
      {
        name: `${c.name} administrator`,
        code: `${c.code}_ADMIN`,
        companyCode: c.code,
        description: 'Every menu of the company',
        permissions: operatorAdminPermissions().filter((p) => p.startsWith('menu:')),
      },
      { name: `${c.name} staff`, code: `${c.code}_STAFF`, companyCode: c.code, description: 'Monitoring and orders', permissions: STAFF_PERMISSIONS },
    ])
    .returning({ id: role.id });
  const managed = stationRows.slice(0, 2).map((s) => s.id);
  await tx.insert(account).values(
    [
      { username: `${c.accountPrefix}.admin`, userType: 'OPERATOR_ADMIN', realName: `${c.name} Admin`, roleId: adminRole.id, email: `admin@${domain}` },
      {
        username: `${c.accountPrefix}.staff`,
        userType: 'STAFF',
        realName: `${rng.pick(c.firstNames)} ${rng.pick(c.lastNames)}`,
        roleId: staffRole.id,
        email: `staff@${domain}`,
      },
      {
        username: `${c.accountPrefix}.manager`,
        userType: 'STATION_MANAGER',
        realName: `${rng.pick(c.firstNames)} ${rng.pick(c.lastNames)}`,
        roleId: staffRole.id,
        email: `manager@${domain}`,
        managedStationIds: managed,
      },
    ].map((a) => ({ ...a, companyCode: c.code, passwordHash: ctx.passwordHash, phone: c.servicePhone })),
  );

  // orders
  const stationOf = new Map(chargerRows.map((ch) => [ch.serialNum, ch.stationId!]));
  const orders: OrderRow[] = [];
  const meters: MeterRow[] = [];
  const activeCards = cards.filter((x) => x.active);
  const tariff = demoTariff(c);
  // One session at a time per card or app user (a card already charging is answered ConcurrentTx).
  const busy = new Map<string, [number, number][]>();
  const free = (idTag: string, from: number, to: number) => !(busy.get(idTag) ?? []).some(([a, b]) => from <= b && a <= to);
  for (const ch of chargerRows) {
    const model = DEMO_MODELS.find((m) => m.model === ch.model)!;
    const rated = Number(model.ratedPowerKw);
    const chargerId = idOf.get(ch.serialNum)!;
    for (let conn = 1; conn <= model.connectors; conn++) {
      let register = rng.int(1_000_000, 9_000_000);
      for (let d = DEMO_HISTORY_DAYS; d >= 0; d--) {
        const dayStart = midnight - d * DAY - c.utcOffsetHours * HOUR;
        const sessions = model.type === 'DC' ? rng.int(1, 4) : rng.int(0, 3);
        let cursor = dayStart + 6.5 * HOUR + rng.int(0, 180) * MINUTE;
        for (let s = 0; s < sessions; s++) {
          const energyWh = model.type === 'DC' ? rng.int(10_000, 60_000) : rng.int(5_000, model.phase === 'SINGLE' ? 30_000 : 45_000);
          const powerKw = model.type === 'DC' ? rated * rng.float(0.4, 0.8) : Math.min(rated, rng.pick([7.4, 11, 11, 22])) * rng.float(0.85, 1);
          const chargeMs = Math.round((energyWh / 1000 / powerKw) * 3600) * 1000;
          const start = cursor;
          const stop = start + chargeMs + rng.int(2, 12) * MINUTE;
          cursor = stop + rng.int(20, 200) * MINUTE;
          if (stop > dayStart + 23.5 * HOUR) break;
          const useApp = rng.chance(0.15) && apps.length > 0;
          let card = rng.pick(activeCards);
          const app = rng.pick(apps);
          // A card busy elsewhere hands the session to the first free card (or none: no session).
          if (!useApp && !free(card.cardNumber, start, stop)) card = activeCards.find((x) => free(x.cardNumber, start, stop)) ?? card;
          const holderTag = useApp ? app.idTag! : card.cardNumber;
          if (!free(holderTag, start, stop)) continue;
          const paidDraw = rng.chance(0.9);
          const reason = rng.pick(STOP_REASONS);
          const txId = nextTransactionId(rng, ctx.usedTx);
          const sample = (counts.orders + orders.length) % METER_SAMPLE_EVERY === 0;
          if (stop >= now.getTime()) continue;
          const meterStart = register;
          const meterStop = register + energyWh;
          register = meterStop + rng.int(0, 50);
          const samples = sample ? meterSamples(chargerId, conn, txId, start, chargeMs, stop, meterStart, energyWh, powerKw, rng) : [];
          const registers = samples.filter((m) => m.measurand === ENERGY_REGISTER).map((m) => ({ at: m.timestamp, wh: m.value }));
          const priced = priceDemoSession(tariff, c.timeZone, meterStart, meterStop, start, stop, registers);
          busy.set(holderTag, [...(busy.get(holderTag) ?? []), [start, stop]]);
          orders.push({
            orderNo: '',
            companyCode: c.code,
            stationId: stationOf.get(ch.serialNum),
            chargerId,
            chargerSn: ch.serialNum,
            connectorId: conn,
            transactionId: txId,
            idTag: useApp ? app.idTag! : card.cardNumber,
            idTagStatus: 'Accepted',
            userType: useApp ? 'APP' : 'CARD',
            cardUserId: useApp ? null : card.id,
            appUserId: useApp ? app.id : null,
            chargerStartTime: new Date(start),
            chargerStopTime: new Date(stop),
            serverStartTime: new Date(start + 1000),
            serverStopTime: new Date(stop + 1000),
            meterStart,
            meterStop,
            energyKwh: priced.energyKwh,
            status: 'FINISHED',
            stopReason: reason,
            currency: priced.currency,
            electricityFee: priced.electricityFee,
            serviceFee: priced.serviceFee,
            taxAmount: priced.taxAmount,
            cost: priced.cost,
            totalAmount: priced.totalAmount,
            breakdown: { rule: 'TARIFF', modelName: 'Time of use', clock: 'CHARGER', ...priced.breakdown },
            // Sessions of the last two days are more often still unpaid.
            paid: d <= 1 ? paidDraw && rng.chance(0.6) : paidDraw,
            createdAt: new Date(start + 1000),
          });
          meters.push(...samples);
        }
      }
    }
  }
  // Order numbers have the one format of every order (domain/order-number.ts); within a company
  // they follow the start time, the company's place in the demo network leading the digits.
  orders.sort((a, b) => a.chargerStartTime.getTime() - b.chargerStartTime.getTime() || a.chargerSn.localeCompare(b.chargerSn) || a.connectorId - b.connectorId);
  const lead = (DEMO_COMPANIES.findIndex((d) => d.code === c.code) + 1) * 10_000_000;
  orders.forEach((o, i) => {
    o.orderNo = orderNumber(o.chargerStartTime, lead + i + 1);
  });
  await insertChunked(orders, (chunk) => tx.insert(chargeOrder).values(chunk));
  await insertChunked(meters, (chunk) => tx.insert(meterValue).values(chunk));
  counts.orders += orders.length;
  counts.meterValues += meters.length;

  // events (server/modules/event) with their bell notices, in each status of their lifecycle.
  const demoEvents: {
    type: EventType;
    connectorId: number;
    status: 'HAPPENING' | 'PROCESSED' | 'IGNORED' | 'RECOVERED';
    hoursAgo: number;
    errorCode?: string;
    info?: string;
  }[] = [
    { type: 'GROUNDING_FAULT', connectorId: 1, status: 'HAPPENING', hoursAgo: 2, errorCode: 'GroundFailure', info: 'RCD tripped' },
    { type: 'CHARGER_OFFLINE', connectorId: 0, status: 'HAPPENING', hoursAgo: 5 },
    { type: 'METER_REGRESSION', connectorId: 2, status: 'HAPPENING', hoursAgo: 9, info: 'register 10240 Wh after 10310 Wh' },
    { type: 'OVER_CURRENT', connectorId: 2, status: 'RECOVERED', hoursAgo: 26, errorCode: 'OverCurrentFailure' },
    { type: 'EMERGENCY_STOP', connectorId: 0, status: 'PROCESSED', hoursAgo: 50, errorCode: 'EmergencyStop' },
    { type: 'HUMIDITY', connectorId: 0, status: 'IGNORED', hoursAgo: 70, errorCode: 'OtherError' },
  ];
  for (const e of demoEvents) {
    const ch = rng.pick(chargerRows);
    const at = new Date(now.getTime() - e.hoursAgo * HOUR);
    const { id } = await openEventIn(tx, {
      companyCode: c.code,
      stationId: ch.stationId ?? null,
      deviceSn: ch.serialNum,
      deviceType: 'charger',
      eventType: e.type,
      connectorId: e.connectorId,
      errorCode: e.errorCode ?? null,
      info: e.info ?? null,
      at,
    });
    if (e.status === 'HAPPENING') continue;
    const later = new Date(at.getTime() + HOUR);
    await tx
      .update(event)
      .set(
        e.status === 'RECOVERED'
          ? { status: 'RECOVERED', recoverTime: later }
          : e.status === 'PROCESSED'
            ? { status: 'PROCESSED', processTime: later, handleMethod: 'Emergency stop released on site after inspection', handler: `${c.accountPrefix}.staff` }
            : { status: 'IGNORED', ignoreTime: later, handler: `${c.accountPrefix}.staff` },
      )
      .where(eq(event.id, id));
    await syncNoticeStatus(tx, [id], e.status);
  }
  // Two draws kept from when the report ticket notices were written here (fake-db/tickets.ts now), so
  // the demo values generated after them stay as they were.
  rng.pick(cards);
  rng.pick(cards);
}

/** A unique, non-sequential transaction id (positive 31-bit integer). */
function nextTransactionId(rng: Rng, used: Set<number>): number {
  let id: number;
  do id = rng.int(100_000_000, 2_000_000_000);
  while (used.has(id));
  used.add(id);
  return id;
}

/**
 * Periodic meter values of one session every 5 minutes: Energy.Active.Import.Register (Wh) and
 * Power.Active.Import (W); power drops to 0 after the energy is delivered (vehicle full).
 */
function meterSamples(
  chargerId: number,
  connectorId: number,
  transactionId: number,
  start: number,
  chargeMs: number,
  stop: number,
  meterStart: number,
  energyWh: number,
  powerKw: number,
  rng: Rng,
): MeterRow[] {
  const rows: MeterRow[] = [];
  for (let t = start; t <= stop; t += 5 * MINUTE) {
    const progress = Math.min(1, (t - start) / chargeMs);
    const charging = t - start < chargeMs;
    const watts = charging ? Math.round(powerKw * 1000 * rng.float(0.95, 1.03)) : 0;
    const at = new Date(t);
    const common = { chargerId, connectorId, transactionId, timestamp: at, context: 'Sample.Periodic', receivedAt: at };
    rows.push({ ...common, measurand: ENERGY_REGISTER, value: String(Math.round(meterStart + energyWh * progress)), unit: 'Wh' });
    rows.push({ ...common, measurand: 'Power.Active.Import', value: String(watts), unit: 'W' });
  }
  return rows;
}
