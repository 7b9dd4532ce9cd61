/**
 * The avatar initial of a person: the first character (a whole code point, so 张 or an emoji stay
 * whole) of the real name, upper-cased; the header and the own-account page use the same one.
 * Callers pass the real name, or the user name when there is none.
 */
export function initialOf(name: string | null | undefined): string {
  return (Array.from((name ?? '').trim())[0] ?? '').toUpperCase();
}
