/**
 * The transactions module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { cardRule, checkIdTag, idTagInfoOf, refusalCode } from './id-tag.js';
export { finishOrder } from './pricing.js';
