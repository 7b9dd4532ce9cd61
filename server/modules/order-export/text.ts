/**
 * Text drawing for the PDF exports (pdfkit). The built-in Helvetica covers Latin-1 only, so
 * every other character (Chinese labels, station or user names) is drawn with Noto Sans SC from
 * the `noto-sans-sc` package, which ships the font split into ~100 WOFF2 files by Unicode range
 * (2.7 MB for the regular weight, read from disk, no network). A string is cut into runs of one
 * font each; only the glyphs used are embedded in the PDF. Characters that no file covers are
 * drawn as `?`. See {@link patchSubset} for the one fix WOFF2 embedding needs.
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

/** A glyph outline as fontkit gives it (moveTo/lineTo/quadraticCurveTo/closePath commands). */
interface GlyphPath { commands: { command: string; args: number[] }[] }

/** The parts of fontkit's TrueType subset used by {@link patchSubset} (fontkit is untyped here). */
interface TtfSubset {
  font: { getGlyph(gid: number): { path: GlyphPath; advanceWidth: number; _getMetrics(): { leftBearing: number } } };
  glyf: Uint8Array[];
  loca: { offsets: number[] };
  hmtx: { metrics: { advance: number; bearing: number }[] };
  offset: number;
  _addGlyph(gid: number): number;
  _cdPatched?: boolean;
}

/**
 * A TrueType `glyf` record of a simple glyph from an outline (composites come flattened): every
 * coordinate as an int16 delta, no instructions, padded to 4 bytes. Empty outline → 0 bytes.
 */
export function encodeGlyph(path: GlyphPath): Uint8Array {
  const pts: { x: number; y: number; on: boolean }[] = [];
  const ends: number[] = [];
  let start = 0;
  const close = () => {
    if (pts.length > start) {
      const a = pts[start];
      const b = pts[pts.length - 1];
      if (pts.length - start > 1 && a.x === b.x && a.y === b.y && b.on) pts.pop();
      ends.push(pts.length - 1);
    }
    start = pts.length;
  };
  for (const c of path.commands) {
    const r = c.args.map((v) => Math.round(v));
    if (c.command === 'moveTo') { close(); pts.push({ x: r[0], y: r[1], on: true }); }
    else if (c.command === 'lineTo') pts.push({ x: r[0], y: r[1], on: true });
    else if (c.command === 'quadraticCurveTo') { pts.push({ x: r[0], y: r[1], on: false }, { x: r[2], y: r[3], on: true }); }
    else if (c.command === 'bezierCurveTo') { pts.push({ x: r[4], y: r[5], on: true }); } // not in TrueType outlines
    else if (c.command === 'closePath') close();
  }
  close();
  if (!pts.length) return new Uint8Array(0);
  const n = pts.length;
  const size = 10 + 2 * ends.length + 2 + n + 4 * n;
  const out = new Uint8Array(size + ((4 - (size % 4)) % 4));
  const v = new DataView(out.buffer);
  let p = 0;
  const i16 = (x: number) => { v.setInt16(p, Math.max(-32768, Math.min(32767, x))); p += 2; };
  i16(ends.length);
  i16(Math.min(...pts.map((q) => q.x))); i16(Math.min(...pts.map((q) => q.y)));
  i16(Math.max(...pts.map((q) => q.x))); i16(Math.max(...pts.map((q) => q.y)));
  for (const e of ends) { v.setUint16(p, e); p += 2; }
  v.setUint16(p, 0); p += 2; // no instructions
  for (const q of pts) out[p++] = q.on ? 1 : 0;
  let last = 0;
  for (const q of pts) { i16(q.x - last); last = q.x; }
  last = 0;
  for (const q of pts) { i16(q.y - last); last = q.y; }
  return out;
}

/**
 * WOFF2 files store the `glyf` table transformed; fontkit decodes their outlines but its TrueType
 * subsetter copies raw `glyf` bytes, which for WOFF2 are not glyph records, so the embedded glyphs
 * would be blank. The subset of such a font re-encodes every glyph from its decoded outline.
 */
function patchSubset(subset: TtfSubset): void {
  if (subset._cdPatched) return;
  subset._cdPatched = true;
  subset._addGlyph = function addGlyph(this: TtfSubset, gid: number): number {
    const glyph = this.font.getGlyph(gid);
    const buffer = encodeGlyph(glyph.path);
    this.glyf.push(buffer);
    this.loca.offsets.push(this.offset);
    this.hmtx.metrics.push({ advance: glyph.advanceWidth, bearing: glyph._getMetrics().leftBearing });
    this.offset += buffer.length;
    return this.glyf.length - 1;
  };
}

/** Selects `font` on `doc`; a Noto (WOFF2) font gets its subset patched on first use. */
function useFont(doc: Pdf, font: string): Pdf {
  doc.font(font);
  if (font.startsWith('noto:')) {
    // pdfkit keeps the current embedded font in `_font` (not in its typings).
    const current = (doc as Pdf & { _font?: { subset?: TtfSubset } })._font;
    if (current?.subset) patchSubset(current.subset);
  }
  return doc;
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
  for (const r of runsOf(doc, text, bold)) w += useFont(doc, r.font).fontSize(size).widthOfString(r.text);
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
    useFont(doc, r.font).fontSize(size).text(r.text, cx, y + size * 0.8, { lineBreak: false, baseline: 'alphabetic' });
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
