/**
 * The billing module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { recentTariffOfStation } from './tariff.js';
export { priceFinishedOrder } from './price-order.js';
export type { SplitSoFar } from './price-order.js';
export { forgetSplit, pricedReading, rememberSplit, splitChange } from './energy-split.js';
