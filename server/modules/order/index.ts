/**
 * The order module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { checkTimeRange, orderConditions, orderFilterQuery, orderSort } from './filter.js';
export { orderIdQuery, orderQuery, toOrderRecord } from './mapper.js';
export type { OrderRecord } from './mapper.js';
