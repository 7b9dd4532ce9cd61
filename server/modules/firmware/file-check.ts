/**
 * Content checks of a firmware upload (requirements §5 "hex or bin only", §13): the name must end in
 * `.hex` or `.bin` and the content must fit that kind. An Intel HEX file is ASCII records
 * `:LLAAAATT<data>CC`, every record's length and checksum right, ending with the end-of-file record
 * (`:00000001FF`). A binary image is not empty and is not text: a web page, a JSON or XML document
 * or plain text saved under `.bin` (a wrong download) is refused. Answers a reason key or null.
 */
import { FIRMWARE_EXTENSIONS } from '../../../domain/entities/firmware.js';

/** Why a file is refused (i18n key `validation.firmware.<reason>`, code 712). */
export type FirmwareFileProblem = 'extension' | 'empty' | 'tooBig' | 'hex' | 'binaryText';

/** The lower-case extension of `fileName` when it is one of the accepted kinds, else null. */
export function firmwareExtension(fileName: string): (typeof FIRMWARE_EXTENSIONS)[number] | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase();
  return (FIRMWARE_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as (typeof FIRMWARE_EXTENSIONS)[number]) : null;
}

/** True when `buf` is a well-formed Intel HEX file ending with its end-of-file record. */
export function isIntelHex(buf: Buffer): boolean {
  const lines = buf
    .toString('latin1')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  if (!lines.length) return false;
  let sawEof = false;
  for (const raw of lines) {
    if (sawEof) return false;
    const line = raw.trim();
    if (!/^:[0-9A-Fa-f]+$/.test(line) || line.length < 11 || (line.length - 1) % 2 !== 0) return false;
    const bytes = Buffer.from(line.slice(1), 'hex');
    const count = bytes[0];
    if (bytes.length !== count + 5) return false;
    let sum = 0;
    for (const b of bytes) sum = (sum + b) & 0xff;
    if (sum !== 0) return false;
    const type = bytes[3];
    if (type > 5) return false;
    if (type === 1) sawEof = true;
  }
  return sawEof;
}

/** True when the start of `buf` reads as text (printable UTF-8 / ASCII, no NUL) or as a markup / JSON document. */
export function looksLikeText(buf: Buffer): boolean {
  const head = buf.subarray(0, 4096);
  const start = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 64)
    .toLowerCase();
  if (/^(<!doctype|<html|<\?xml|<head|<body|\{\s*"|\[\s*\{)/.test(start)) return true;
  if (head.includes(0)) return false;
  let printable = 0;
  for (const b of head) if (b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127) || b >= 128) printable++;
  // Valid UTF-8 with only printable characters: text.
  return printable === head.length && Buffer.from(head.toString('utf8'), 'utf8').equals(head);
}

/** The problem of a firmware file named `fileName` with content `buf`, or null when it is acceptable. */
export function firmwareFileProblem(fileName: string, buf: Buffer, maxBytes: number): FirmwareFileProblem | null {
  const ext = firmwareExtension(fileName);
  if (!ext) return 'extension';
  if (buf.length === 0) return 'empty';
  if (buf.length > maxBytes) return 'tooBig';
  if (ext === 'hex') return isIntelHex(buf) ? null : 'hex';
  return looksLikeText(buf) ? 'binaryText' : null;
}
