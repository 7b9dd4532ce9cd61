/**
 * Text drawing for the PDF exports (pdfkit). pdfkit's built-in Helvetica covers Latin-1 only, so
 * every other character (Chinese labels, station, company or user names) is drawn with Noto Sans
 * SC (SIL Open Font License), read from the TrueType files of the `@expo-google-fonts/noto-sans-sc`
 * package (regular and bold weights; no network). pdfkit embeds a TrueType font the ordinary way,
 * subsetting it to the glyphs the document uses. A string is cut into runs of one font each.
 * Characters outside Noto Sans SC (e.g. emoji) print as the font's empty box.
 */
import { createRequire } from 'node:module';

/** A pdfkit document. */
export type Pdf = PDFKit.PDFDocument;

const LATIN = 'Helvetica';
const LATIN_BOLD = 'Helvetica-Bold';
const CJK = 'NotoSansSC';
const CJK_BOLD = 'NotoSansSC-Bold';

const require = createRequire(import.meta.url);

/** The font files, resolved once from the package (absolute paths). */
const FONT_FILES: Record<typeof CJK | typeof CJK_BOLD, string> = {
  [CJK]: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  [CJK_BOLD]: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
};

/** Documents whose Noto fonts are registered (pdfkit opens a font file on its first use only). */
const prepared = new WeakSet<Pdf>();

/** Registers the Noto Sans SC weights on `doc` once. */
function prepare(doc: Pdf): void {
  if (prepared.has(doc)) return;
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  prepared.add(doc);
}

/** One run of text in one font. */
export interface Run {
  font: string;
  text: string;
}

/**
 * Cuts `text` into runs: Latin-1 in Helvetica, everything else in Noto Sans SC (each in its bold
 * weight when asked); control characters become spaces.
 */
export function runsOf(doc: Pdf, text: string, bold = false): Run[] {
  prepare(doc);
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    const font = cp > 0xff ? (bold ? CJK_BOLD : CJK) : bold ? LATIN_BOLD : LATIN;
    const glyph = cp < 0x20 ? ' ' : ch;
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += glyph;
    else runs.push({ font, text: glyph });
  }
  return runs;
}

/** Width of `text` at `size` points. */
export function widthOf(doc: Pdf, text: string, size: number, bold = false): number {
  let w = 0;
  for (const r of runsOf(doc, text, bold)) w += doc.font(r.font).fontSize(size).widthOfString(r.text);
  return w;
}

/** `text` cut with an ellipsis to fit `width`. */
export function fit(doc: Pdf, text: string, width: number, size: number, bold = false): string {
  if (widthOf(doc, text, size, bold) <= width) return text;
  const chars = [...text];
  while (chars.length && widthOf(doc, `${chars.join('')}…`, size, bold) > width) chars.pop();
  return `${chars.join('')}…`;
}

export interface LineOptions {
  size?: number;
  bold?: boolean;
  /** Box width for alignment and truncation. */
  width?: number;
  align?: 'left' | 'right' | 'center';
  color?: string;
}

/** Draws one line of `text` at (x, y) without wrapping (cut to `width` when given). */
export function drawLine(doc: Pdf, text: string, x: number, y: number, o: LineOptions = {}): void {
  const size = o.size ?? 9;
  const s = o.width ? fit(doc, text, o.width, size, o.bold) : text;
  let cx = x;
  if (o.width && o.align && o.align !== 'left') {
    const w = widthOf(doc, s, size, o.bold);
    cx = o.align === 'right' ? x + o.width - w : x + (o.width - w) / 2;
  }
  doc.fillColor(o.color ?? '#000000');
  for (const r of runsOf(doc, s, o.bold)) {
    // One baseline for all fonts: Helvetica and Noto Sans SC have different ascenders.
    doc
      .font(r.font)
      .fontSize(size)
      .text(r.text, cx, y + size * 0.8, { lineBreak: false, baseline: 'alphabetic' });
    cx += doc.widthOfString(r.text);
  }
}

/** Wraps `text` into lines no wider than `width` (breaks at spaces, or between CJK characters). */
export function wrap(doc: Pdf, text: string, width: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    // Tokens: words with their trailing space, or single non-Latin characters.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: \u0000-\u02ff is the Latin range, control characters included on purpose
    const tokens = para.match(/[\u0000-\u02ff]+?(?:\s+|$|(?=[^\u0000-\u02ff]))|[^\u0000-\u02ff]/gu) ?? [''];
    let line = '';
    for (const t of tokens) {
      if (line && widthOf(doc, (line + t).trimEnd(), size, bold) > width) {
        lines.push(line.trimEnd());
        line = t.trimStart();
      } else {
        line += t;
      }
      while (widthOf(doc, line.trimEnd(), size, bold) > width && [...line].length > 1) {
        // A single token wider than the box: cut it.
        const chars = [...line];
        let n = chars.length - 1;
        while (n > 1 && widthOf(doc, chars.slice(0, n).join(''), size, bold) > width) n--;
        lines.push(chars.slice(0, n).join(''));
        line = chars.slice(n).join('');
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Draws wrapped `text` from (x, y); returns the y below the last line. */
export function drawWrapped(doc: Pdf, text: string, x: number, y: number, width: number, o: LineOptions = {}): number {
  const size = o.size ?? 9;
  const lh = size * 1.35;
  let cy = y;
  for (const line of wrap(doc, text, width, size, o.bold)) {
    drawLine(doc, line, x, cy, { ...o, width: o.align ? width : undefined });
    cy += lh;
  }
  return cy;
}
