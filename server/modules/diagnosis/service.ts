/**
 * Diagnosis of one charger (requirements §2 "Diagnosis", R2.21; domain/entities/diagnosis.ts):
 * its connectors' latest readings and series from the meter values received since `start`
 * (at most DIAGNOSIS_MAX_READINGS rows, newest first, by the (charger_id, timestamp) index), its
 * StatusNotifications since `start` from the charger log (20 newest) and its open events. Every
 * part is a bounded index range: a refresh every 3 s costs the same after a month of data.
 */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { charger, chargerLog, connector, meterValue, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import { AppError } from '../../../domain/app-error.js';
import { assertInScope } from '../../http/scope.js';
import {
  DIAGNOSIS_MAX_POINTS,
  DIAGNOSIS_MAX_READINGS,
  type DiagnosisConnector,
  type DiagnosisEvent,
  type DiagnosisPoint,
  type DiagnosisReading,
  type DiagnosisRecord,
  type DiagnosisStatusChange,
} from '../../../domain/entities/diagnosis.js';
import { openEventsOf } from './events.js';
import { displayReading, sampleUnit } from '../../../domain/meter.js';

type Row = { connectorId: number; measurand: string; phase: string | null; value: string; unit: string | null; timestamp: Date };

/** A reading's number in the unit the screen shows (domain/meter.ts `displayReading`: kW, kWh, Celsius; others as sent); null when not a number. */
function numberOf(r: Pick<Row, 'value' | 'unit' | 'measurand'>): number | null {
  const d = displayReading(r);
  return d ? d.value.toNumber() : null;
}

/** The unit a reading is shown in after numberOf. */
function unitOf(r: Pick<Row, 'value' | 'unit' | 'measurand'>): string | null {
  return displayReading(r)?.unit ?? sampleUnit(r);
}

/** Latest value per measurand and phase of `rows` (newest first). */
export function latestReadings(rows: readonly Row[]): DiagnosisReading[] {
  const seen = new Map<string, DiagnosisReading>();
  for (const r of rows) {
    const key = `${r.measurand}\u0000${r.phase ?? ''}`;
    if (seen.has(key)) continue;
    const value = numberOf(r);
    if (value === null) continue;
    seen.set(key, { measurand: r.measurand, phase: r.phase, value, unit: unitOf(r), timeStamp: r.timestamp.toISOString() });
  }
  return [...seen.values()].sort((a, b) => a.measurand.localeCompare(b.measurand) || (a.phase ?? '').localeCompare(b.phase ?? ''));
}

/** The chart points of `rows` (newest first), one per sampling time, oldest first, at most DIAGNOSIS_MAX_POINTS. */
export function seriesOf(rows: readonly Row[]): DiagnosisPoint[] {
  const points = new Map<number, DiagnosisPoint>();
  for (const r of rows) {
    const t = r.timestamp.getTime();
    let p = points.get(t);
    if (!p) {
      if (points.size >= DIAGNOSIS_MAX_POINTS) continue;
      p = {
        timeStamp: r.timestamp.toISOString(),
        powerKw: null,
        currentL1: null,
        currentL2: null,
        currentL3: null,
        voltage: null,
        soc: null,
        temperature: null,
        energyKwh: null,
      };
      points.set(t, p);
    }
    const v = numberOf(r);
    if (v === null) continue;
    const phase = r.phase ?? '';
    switch (r.measurand) {
      case 'Power.Active.Import':
        if (!phase || p.powerKw === null) p.powerKw = phase ? (p.powerKw ?? 0) + v : v;
        break;
      case 'Current.Import':
        if (phase.startsWith('L2')) p.currentL2 = v;
        else if (phase.startsWith('L3')) p.currentL3 = v;
        else if (phase.startsWith('L1') || p.currentL1 === null) p.currentL1 = v;
        break;
      case 'Voltage':
        if (!phase || phase.startsWith('L1') || p.voltage === null) p.voltage = v;
        break;
      case 'SoC':
        p.soc = v;
        break;
      case 'Temperature':
        p.temperature = v;
        break;
      case 'Energy.Active.Import.Register':
        if (!phase) p.energyKwh = v;
        break;
      default:
        break;
    }
  }
  return [...points.values()].reverse();
}

/** GET /sp/diagnosis: the diagnosis of charger `serialNum` since `start`, for `auth` (800 unknown, 709 out of scope). */
export async function diagnose(db: Db, auth: AuthContext, serialNum: string, start: Date): Promise<DiagnosisRecord> {
  const [ch] = await db
    .select({
      id: charger.id,
      serialNum: charger.serialNum,
      companyCode: charger.companyCode,
      stationId: charger.stationId,
      stationName: station.name,
      online: charger.online,
      lastSeenAt: charger.lastSeenAt,
      runStatus: charger.runStatus,
      vendor: charger.vendor,
      model: charger.model,
      firmwareVersion: charger.firmwareVersion,
    })
    .from(charger)
    .leftJoin(station, eq(station.id, charger.stationId))
    .where(eq(charger.serialNum, serialNum));
  if (!ch) throw new AppError(800, 'serialNum');
  assertInScope(auth, charger, ch, 'read');

  const [readings, states, statusRows, openEvents] = await Promise.all([
    db
      .select({
        connectorId: meterValue.connectorId,
        measurand: meterValue.measurand,
        phase: meterValue.phase,
        value: meterValue.value,
        unit: meterValue.unit,
        timestamp: meterValue.timestamp,
      })
      .from(meterValue)
      .where(and(eq(meterValue.chargerId, ch.id), gte(meterValue.timestamp, start)))
      .orderBy(desc(meterValue.timestamp), desc(meterValue.id))
      .limit(DIAGNOSIS_MAX_READINGS),
    db.select().from(connector).where(eq(connector.chargerId, ch.id)).orderBy(connector.connectorId),
    db
      .select({ payload: chargerLog.payload, at: chargerLog.at })
      .from(chargerLog)
      .where(
        and(
          eq(chargerLog.chargerSn, ch.serialNum),
          eq(chargerLog.action, 'StatusNotification'),
          eq(chargerLog.direction, 'IN'),
          inArray(chargerLog.messageType, ['CALL']),
          gte(chargerLog.at, start),
        ),
      )
      .orderBy(desc(chargerLog.at), desc(chargerLog.id))
      .limit(20),
    openEventsOf(db, ch.serialNum),
  ]);

  const ids = new Set<number>([...states.map((s) => s.connectorId), ...readings.map((r) => r.connectorId)].filter((n) => n > 0));
  const connectors: DiagnosisConnector[] = [...ids]
    .sort((a, b) => a - b)
    .map((connectorId) => {
      const st = states.find((s) => s.connectorId === connectorId);
      const mine = readings.filter((r) => r.connectorId === connectorId);
      return {
        connectorId,
        status: st?.status ?? null,
        errorCode: st?.errorCode ?? null,
        statusTimeStamp: st?.statusAt.toISOString() ?? null,
        readings: latestReadings(mine),
        series: seriesOf(mine),
      };
    });
  const statusChanges: DiagnosisStatusChange[] = statusRows.flatMap((r) => {
    const p = r.payload as {
      connectorId?: unknown;
      status?: unknown;
      errorCode?: unknown;
      info?: unknown;
      vendorErrorCode?: unknown;
      timestamp?: unknown;
    } | null;
    if (!p || typeof p.status !== 'string' || typeof p.connectorId !== 'number') return [];
    return [
      {
        connectorId: p.connectorId,
        status: p.status,
        errorCode: typeof p.errorCode === 'string' ? p.errorCode : 'NoError',
        info: typeof p.info === 'string' ? p.info : null,
        vendorErrorCode: typeof p.vendorErrorCode === 'string' ? p.vendorErrorCode : null,
        timeStamp: r.at.toISOString(),
      },
    ];
  });
  return {
    serialNum: ch.serialNum,
    companyCode: ch.companyCode,
    stationName: ch.stationName ?? null,
    online: ch.online,
    lastSeenTimeStamp: ch.lastSeenAt?.toISOString() ?? null,
    runStatus: ch.runStatus,
    vendor: ch.vendor,
    model: ch.model,
    firmwareVersion: ch.firmwareVersion,
    asOf: new Date().toISOString(),
    connectors,
    statusChanges,
    openEvents: openEvents satisfies DiagnosisEvent[],
  };
}
