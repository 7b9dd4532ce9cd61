/**
 * Card user form rules (spec §5): card number, names, scope, stations and company required; names
 * without digits (code 900, the server confirms); e-mail shape. Validators return translation keys.
 */
import { hasDigit } from '../../domain/entities/rules';
import type { CardUserBody, CardUserRecord } from './types';

/** `resources.card-user.errors.900` when a name contains a number character (the server's rule, `hasDigit`). */
export function noDigits(value: unknown): string | undefined {
  return typeof value === 'string' && hasDigit(value) ? 'resources.card-user.errors.900' : undefined;
}

/** A simple e-mail check (the server's zod `email()` decides). */
export function emailShape(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(String(value)) ? undefined : 'resources.card-user.errors.email';
}

/** Station input rule: a STATIONS scope needs at least one station (code 603 on the server). */
export function stationsChosen(value: unknown, all?: { scope?: string }): string | undefined {
  return all?.scope === 'STATIONS' && !(Array.isArray(value) && value.length) ? 'resources.card-user.errors.stations' : undefined;
}

/** The whole-form view of the rules above (field-level validators do the work in the form). */
export function validateCardUser(values: Partial<CardUserBody>): Record<string, string> {
  const errors: Record<string, string> = {};
  const stations = stationsChosen(values.stationIds, values);
  if (stations) errors.stationIds = stations;
  for (const f of ['lastName', 'firstName'] as const) {
    const e = noDigits(values[f]);
    if (e) errors[f] = e;
  }
  return errors;
}

/** The API body from form values: trimmed strings, empty optional fields as null, no stations for ALL. */
export function toCardUserBody(values: Partial<CardUserRecord>): CardUserBody {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const scope = values.scope === 'STATIONS' ? 'STATIONS' : 'ALL';
  return {
    companyCode: text(values.companyCode),
    cardNumber: text(values.cardNumber),
    lastName: text(values.lastName),
    firstName: text(values.firstName),
    mobile: text(values.mobile) || null,
    email: text(values.email) || null,
    scope,
    stationIds: scope === 'STATIONS' ? (values.stationIds ?? []).map(Number) : [],
    managerCard: !!values.managerCard,
    active: values.active ?? true,
  };
}
