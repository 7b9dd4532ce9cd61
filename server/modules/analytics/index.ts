/**
 * The analytics module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { queueRollup, unrollForRepricing } from './rollup.js';
