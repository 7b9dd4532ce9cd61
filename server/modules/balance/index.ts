/**
 * The balance module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { changeBalance, ledgerPage } from './ledger.js';
export type { ChangeType } from './ledger.js';
