/**
 * The open events of a charger shown by Diagnosis. The event table arrives with the event
 * lifecycle (server/modules/event); until then a charger has no open events to show.
 */
import type { Db } from '../../db/client.js';
import type { DiagnosisEvent } from '../../../domain/entities/diagnosis.js';

/** Events of device `serialNum` still HAPPENING, newest first (at most 20). */
export async function openEventsOf(_db: Db, _serialNum: string): Promise<DiagnosisEvent[]> {
  return [];
}
