/**
 * Bilingual labels declared once for the console and the server (issue #25 item 5, docs/exports.md):
 * a table of dotted keys, each with its pair `[English, Chinese]`. The console's i18n modules
 * (src/i18n/modules/*) spread a table into their messages; the server's list exports
 * (server/modules/list-export) take their column headers and coded values from the same table,
 * so an exported column's header is the label the list shows, in the user's language.
 */
import type { Lang } from '../errors.js';

/** A label in both languages: `[en, zh]`. */
export type LabelPair = readonly [en: string, zh: string];
/** Labels by dotted key (`fields.cardNumber`, `values.scope.ALL`). */
export type LabelTable = Readonly<Record<string, LabelPair>>;

/** The label of `key` in `lang`; `fallback` (default: the key) when the table has none. */
export function labelIn(table: LabelTable, key: string, lang: Lang, fallback = key): string {
  const pair = Object.hasOwn(table, key) ? table[key] : undefined;
  return pair ? pair[lang === 'zh' ? 1 : 0] : fallback;
}
