/**
 * Spreadsheet cells safe from formula injection (requirements R10.16), for every export the
 * product writes: the server's order Excel and the console's list exports. Text that a
 * spreadsheet would run as a formula, i.e. text starting with `=`, `+`, `-` or `@` (also after
 * leading whitespace), or starting with a tab or a carriage return, gets a leading `'`, so it is
 * shown as text. Numbers and booleans stay as they are; a missing value becomes an empty cell.
 */

/** A value a sheet cell may hold before neutralisation. */
export type SheetCell = string | number | boolean | null | undefined;

/** Text a spreadsheet could read as a formula (OWASP CSV injection list, leading blanks allowed). */
const FORMULA_START = /^\s*[=+\-@]|^[\t\r]/;

/** `text`, with a leading `'` when a spreadsheet would run it as a formula. */
export function neutraliseText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell ready for a sheet: neutralised text, numbers and booleans unchanged, null/undefined → ''. */
export function neutraliseCell(cell: SheetCell): string | number | boolean {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'string' ? neutraliseText(cell) : cell;
}
