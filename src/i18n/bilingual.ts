/**
 * Message modules written once for both languages: a table of dotted keys (below a common
 * prefix), each with its pair `[English, Chinese]`, so a screen's keys are declared once and a
 * text can never exist in one language only. A pair may also hold two message trees built
 * elsewhere (e.g. catalogue messages by code, one per language). `bilingual(prefix, table)`
 * answers the `{ en, zh }` trees the i18n provider merges over the base catalogues with
 * react-admin's `mergeTranslations` (src/i18n/index.ts), typed so `messages.en.resources.role.name`
 * reads as a string.
 */

/** A message tree of one language. */
export type Messages = string | { readonly [key: string]: Messages };

/** A message in both languages: `[en, zh]`. */
export type Pair = readonly [en: Messages, zh: Messages];

/** The tree one dotted key makes: `'a.b'` → `{ a: { b: V } }`. */
type Nest<K extends string, V> = K extends `${infer Head}.${infer Rest}` ? { [P in Head]: Nest<Rest, V> } : { [P in K]: V };
type Intersect<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
type Join<P extends string, K extends string> = P extends '' ? K : `${P}.${K}`;

/** One language's tree of a table below `prefix`. */
export type Side<P extends string, T extends Record<string, Pair>> = Intersect<{ [K in keyof T & string]: Nest<Join<P, K>, T[K][0]> }[keyof T & string]>;

function put(tree: Record<string, Messages>, path: readonly string[], value: Messages) {
  let node = tree;
  path.slice(0, -1).forEach((key) => {
    node = (node[key] ??= {}) as Record<string, Messages>;
  });
  node[path[path.length - 1]] = value;
}

/** Splits a table of `[en, zh]` pairs under `prefix` (dotted, may be '') into the English and the Chinese trees. */
export function bilingual<const P extends string, const T extends Record<string, Pair>>(prefix: P, table: T): { en: Side<P, T>; zh: Side<P, T> } {
  const en: Record<string, Messages> = {};
  const zh: Record<string, Messages> = {};
  for (const [key, [e, z]] of Object.entries(table)) {
    const path = [...(prefix ? prefix.split('.') : []), ...key.split('.')];
    put(en, path, e);
    put(zh, path, z);
  }
  return { en: en as Side<P, T>, zh: zh as Side<P, T> };
}
