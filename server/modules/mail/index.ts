/**
 * The mail module's public surface: what other modules may use of it (docs/decisions.md "Layers").
 * A sibling imports from here or from ./service.ts, never from another file of this folder.
 */
export { outboxCounts, queueMail, queueMailBounded } from './outbox.js';
export type { MailMessage } from './outbox.js';
export type { OutboxBounds } from './digest.js';
export { audienceColumns, offeredTo } from './audience.js';
