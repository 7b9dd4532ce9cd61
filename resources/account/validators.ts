/**
 * Rules of the reset-password dialog of requirements §5 (two entries must match — "Inconsistent
 * passwords" — and saving needs the typed confirmation). The account form's rules are declared
 * with the form (src/forms/schemaValidate.ts field rules).
 */
import { validatePasswordPair } from '../../src/layout/AccountDialogs';

/** State of the reset-password dialog. */
export interface ResetState {
  password: string;
  confirm: string;
  /** What the user typed in the confirmation box. */
  typed: string;
}

/**
 * i18n key of the problem with the two entries, or undefined: length 6–64, the server's password
 * rule (732: 8 characters, not the user name, not a common password), then equality.
 */
export function resetProblem(s: ResetState, username?: string): string | undefined {
  return validatePasswordPair(s.password, s.confirm, username);
}

/** The mismatch is shown as soon as both entries are filled and differ. */
export function showMismatch(s: ResetState): boolean {
  return s.confirm.length > 0 && s.password !== s.confirm;
}

/** Saving is offered only when the confirmation word (the account's username) is typed exactly. */
export function canSave(s: ResetState, word: string): boolean {
  return s.typed.trim() === word && s.password.length > 0 && s.confirm.length > 0;
}
