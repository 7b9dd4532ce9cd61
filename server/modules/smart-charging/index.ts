/**
 * The smart-charging module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { throwIfFailed, tryCommand } from './outcome.js';
export { clearFeature, withdrawClears } from './feature-clear.js';
export type { ClearRequest } from './feature-clear.js';
