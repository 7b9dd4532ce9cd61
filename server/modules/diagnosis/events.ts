/**
 * The open events of a charger shown by Diagnosis (requirements R2.21): the events of the device
 * still HAPPENING (server/modules/event), newest first, 20 at most.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { event } from '../../db/schema.js';
import type { DiagnosisEvent } from '../../../domain/entities/diagnosis.js';

/** Events of device `serialNum` still HAPPENING, newest first (at most 20). */
export async function openEventsOf(db: Db, serialNum: string): Promise<DiagnosisEvent[]> {
  const rows = await db
    .select({ id: event.id, eventType: event.eventType, connectorId: event.connectorId, occurTime: event.occurTime })
    .from(event)
    .where(and(eq(event.deviceSn, serialNum), eq(event.status, 'HAPPENING')))
    .orderBy(desc(event.occurTime))
    .limit(20);
  return rows.map((r) => ({ id: r.id, eventType: r.eventType, connectorId: r.connectorId, occurTimeStamp: r.occurTime.toISOString() }));
}
