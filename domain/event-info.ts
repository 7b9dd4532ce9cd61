/**
 * The event's `info` in the reader's language (issue #26 item 14; requirements §13). The server
 * writes a few sentences of its own into `event.info` (in English, stored as text since the first
 * release); a charger's own `info` (StatusNotification) is the charger's text and is shown as it
 * came. {@link eventInfoText} recognises the server's sentences — in new and old rows alike — and
 * renders them in `lang`; any other text is answered unchanged.
 */
import type { Lang } from './errors.js';

interface Template {
  /** The stored English sentence, whole. */
  re: RegExp;
  zh: (m: RegExpExecArray) => string;
}

/** The server's sentences, most specific first (server/ocpp/handlers, server/modules/event/order-events.ts, transactions, order close). */
const TEMPLATES: Template[] = [
  { re: /^transaction (\S+): (\S+) Wh at (\S+) after (\S+) Wh$/, zh: (m) => `交易 ${m[1]}：${m[3]} 读数 ${m[2]} Wh，低于之前的 ${m[4]} Wh` },
  { re: /^transaction (\S+)$/, zh: (m) => `交易 ${m[1]}` },
  { re: /^order (\S+): close asked by (.+)$/, zh: (m) => `订单 ${m[1]}：${m[2]} 请求关闭` },
  { re: /^order (\S+): late StopTransaction re-priced (\S+) → (\S+)$/, zh: (m) => `订单 ${m[1]}：迟到的 StopTransaction 重新计价 ${m[2]} → ${m[3]}` },
  { re: /^order (\S+): late StopTransaction correction$/, zh: (m) => `订单 ${m[1]}：迟到的 StopTransaction 更正` },
  { re: /^order (\S+)$/, zh: (m) => `订单 ${m[1]}` },
];

/** `info` as the reader of language `lang` reads it: a server sentence translated, anything else unchanged. */
export function eventInfoText(info: string | null | undefined, lang: Lang): string | null {
  if (info === null || info === undefined) return null;
  if (lang === 'en') return info;
  for (const t of TEMPLATES) {
    const m = t.re.exec(info);
    if (m) return t.zh(m);
  }
  return info;
}
