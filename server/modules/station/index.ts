/**
 * The station module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { iso, parseInput, readCompanyFilter, writeCompany } from './common.js';
export type { Tx } from './common.js';
