/**
 * The remote commands of Charger Monitoring and their requests (docs/operations.md "Remote
 * commands"): `POST /sp/charger/{id}/command/<name>` with the OCPP arguments. Pure, so the
 * mapping from the dialog's choices to the API is unit-tested.
 */
import { MAX_PROFILE_LIMIT, type CommandAnswer } from '../../../domain/entities/command';

export const COMMANDS = ['remote-start', 'remote-stop', 'reset', 'unlock', 'availability'] as const;
export type CommandName = (typeof COMMANDS)[number];

/** The dialog's choices (only the ones a command uses matter). */
export interface CommandForm {
  /** Connector id; 0 = the whole charger (availability), undefined = any (remote start). */
  connectorId?: number;
  /** Remote stop: the session's transactionId (wins over the connector when given). */
  transactionId?: number;
  /** Who starts: a card user or an app user (remote start). */
  userKind?: 'card' | 'app';
  userId?: number;
  resetType?: 'Soft' | 'Hard';
  availability?: 'Operative' | 'Inoperative';
  /** Remote start: limit the session with a TxProfile (requirements R16.10). */
  limitSession?: boolean;
  profileUnit?: 'A' | 'W';
  /** The session's limit, in `profileUnit`. */
  profileLimit?: number;
  /** For how long the limit holds (minutes; empty = the whole session). */
  profileMinutes?: number;
}

/** What a command needs before it can be sent, as a translation key, or undefined when ready. */
export function commandFormError(name: CommandName, form: CommandForm): string | undefined {
  switch (name) {
    case 'remote-start': {
      if (!form.userId) return 'app.commands.errors.user_required';
      if (!form.limitSession) return undefined;
      const max = MAX_PROFILE_LIMIT[form.profileUnit ?? 'A'];
      if (form.profileLimit === undefined || !Number.isFinite(form.profileLimit)) return 'app.commands.errors.limit_required';
      if (form.profileLimit < 0 || form.profileLimit > max) return 'app.commands.errors.limit_range';
      return form.profileMinutes !== undefined && (form.profileMinutes < 1 || form.profileMinutes > 1440) ? 'app.commands.errors.minutes_range' : undefined;
    }
    case 'remote-stop':
      return form.transactionId || (form.connectorId && form.connectorId > 0) ? undefined : 'app.commands.errors.session_required';
    case 'unlock':
      return form.connectorId && form.connectorId > 0 ? undefined : 'app.commands.errors.connector_required';
    case 'availability':
      return form.connectorId === undefined || form.connectorId < 0 ? 'app.commands.errors.connector_required' : undefined;
    default:
      return undefined;
  }
}

/** The API path and JSON body of a command for charger `chargerId`. */
export function commandRequest(chargerId: number, name: CommandName, form: CommandForm): { path: string; body: Record<string, unknown> } {
  const path = `charger/${chargerId}/command/${name}`;
  switch (name) {
    case 'remote-start': {
      const body: Record<string, unknown> = {};
      if (form.connectorId && form.connectorId > 0) body.connectorId = form.connectorId;
      if (form.userKind === 'app') body.appUserId = form.userId;
      else body.cardUserId = form.userId;
      if (form.limitSession) {
        body.chargingProfile = {
          chargingRateUnit: form.profileUnit ?? 'A',
          limit: form.profileLimit,
          ...(form.profileMinutes ? { durationMinutes: form.profileMinutes } : {}),
        };
      }
      return { path, body };
    }
    // The server stops exactly the named session: this transaction, or the one on this connector.
    case 'remote-stop':
      return { path, body: form.transactionId ? { transactionId: form.transactionId } : { connectorId: form.connectorId } };
    case 'reset':
      return { path, body: { type: form.resetType ?? 'Soft' } };
    case 'unlock':
      return { path, body: { connectorId: form.connectorId } };
    case 'availability':
      return { path, body: { connectorId: form.connectorId ?? 0, type: form.availability ?? 'Operative' } };
  }
}

/** The `status` of a charger's OCPP answer (`Accepted`, `Rejected`, …), when it has one. */
export function answerStatus(answer: CommandAnswer): string | undefined {
  const payload = answer.answer;
  const status = payload && typeof payload === 'object' ? (payload as { status?: unknown }).status : undefined;
  return typeof status === 'string' ? status : undefined;
}
