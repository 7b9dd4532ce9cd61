/**
 * The card user body from form values, read through the entity declaration
 * (domain/entities/card-user.ts): trimmed strings, empty optional fields as null, unknown fields
 * (id, balance, …) dropped, and no stations for the ALL scope. Values the declaration refuses
 * are sent as typed so that the server answers the field errors.
 */
import { cardUserCreate, type CardUserInput, type CardUserRecord } from '../../domain/entities/card-user';

export function cardUserBody(values: Partial<CardUserRecord>): CardUserInput | Partial<CardUserRecord> {
  const scoped = { ...values, stationIds: values.scope === 'STATIONS' ? (values.stationIds ?? []).map(Number) : [] };
  const parsed = cardUserCreate.safeParse(scoped);
  return parsed.success ? parsed.data : scoped;
}
