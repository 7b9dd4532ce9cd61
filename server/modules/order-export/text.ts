/**
 * Text drawing for the PDF exports (pdfkit). The built-in Helvetica covers Latin-1 only, so
 * every other character (Chinese labels, station or user names) is drawn with Noto Sans SC from
 * the `noto-sans-sc` package, which ships the font split into ~100 WOFF2 files by Unicode range
 * (2.7 MB for the regular weight, read from disk, no network). A string is cut into runs of one
 * font each; only the glyphs used are embedded in the PDF. Characters that no file covers are
 * drawn with Helvetica (as `?`-like fallback glyphs).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A pdfkit document (typed loosely: only the calls used here). */
export type Pdf = PDFKit.PDFDocument;

const LATIN = 'Helvetica';
const LATIN_BOLD = 'Helvetica-Bold';

interface Range { lo: number; hi: number; file: string }

let ranges: Range[] | null = null;
let fontDir = '';

/** Parses the package's css.css once: unicode-range → WOFF2 file. */
function loadRanges(): Range[] {
  if (ranges) return ranges;
  const require = createRequire(import.meta.url);
  fontDir = join(dirname(require.resolve('noto-sans-sc/package.json')), 'noto_sans_sc_regular');
  const css = readFileSync(join(fontDir, 'css.css'), 'utf8');
  const out: Range[] = [];
  for (const block of css.split('@font-face').slice(1)) {
    const file = /url\(([^)]+\.woff2)\)/.exec(block)?.[1];
    const ur = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !ur) continue;
    for (const part of ur.split(',')) {
      const m = /U\+([0-9a-f]+)(?:-([0-9a-f]+))?/i.exec(part.trim());
      if (!m) continue;
      const lo = parseInt(m[1], 16);
      out.push({ lo, hi: m[2] ? parseInt(m[2], 16) : lo, file });
    }
  }
  ranges = out;
  return out;
}

const fileCache = new Map<number, string | null>();

/** The WOFF2 file covering code point `cp`, or null. */
function fileFor(cp: number): string | null {
  const hit = fileCache.get(cp);
  if (hit !== undefined) return hit;
  const r = loadRanges().find((x) => cp >= x.lo && cp <= x.hi);
  const file = r ? r.file : null;
  fileCache.set(cp, file);
  return file;
}

/** One run of text in one font. */
export interface Run { font: string; text: string }

/**
 * Cuts `text` into runs: Latin-1 in Helvetica (bold when asked), everything else in the Noto
 * Sans SC file that covers it (registered on `doc` on first use).
 */
export function runsOf(doc: Pdf, text: string, bold = false): Run[] {
  const runs: Run[] = [];
  const registered = (doc as Pdf & { _cdFonts?: Set<string> });
  registered._cdFonts ??= new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    let font = bold ? LATIN_BOLD : LATIN;
    let glyph = ch;
    if (cp > 0xff) {
      const file = fileFor(cp);
      if (file) {
        font = `noto:${file}`;
        if (!registered._cdFonts.has(font)) {
          doc.registerFont(font, join(fontDir, file));
          registered._cdFonts.add(font);
        }
      } else {
        glyph = '?';
      }
    } else if (cp < 0x20) {
      glyph = ' ';
    }
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
    doc.font(r.font).fontSize(size).text(r.text, cx, y, { lineBreak: false });
    cx += doc.widthOfString(r.text);
  }
}

/** Wraps `text` into lines no wider than `width` (breaks at spaces, or between CJK characters). */
export function wrap(doc: Pdf, text: string, width: number, size: number, bold = false): string[] {
  const lines: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    // Tokens: words with their trailing space, or single non-Latin characters.
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
