import { describe, expect, it } from 'vitest';
import { CATALOGUE, EMPTY_FIELD_CODES, catalogueMessage, httpStatusOf, isCatalogueCode, pickLang } from '../../../domain/errors.js';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every code requirements §8 names explicitly (the 600–679 "field is empty" block is checked apart). */
const SPEC_CODES = [200, ...range(300, 310), 317, 342, 343, 400, 401, 402, 403, 404, 500, 647, 648, 649, 650, ...range(700, 726), ...range(800, 813), 900];

const ALLOWED_STATUSES = [200, 400, 401, 403, 404, 408, 409, 413, 429, 500, 503];

/** The only codes that are the server's failure (5xx): everything else is the caller's to correct (4xx). */
const SERVER_FAULTS: Record<number, number> = { 500: 500, 706: 503, 708: 500, 711: 500, 722: 500 };
const HAN = /\p{Script=Han}/u;

describe('error catalogue (requirements §8)', () => {
  it.each(SPEC_CODES)('code %i is present with en, zh and an allowed HTTP status', (code) => {
    expect(isCatalogueCode(code)).toBe(true);
    const entry = (CATALOGUE as Record<number, { status: number; en: string; zh: string }>)[code];
    expect(ALLOWED_STATUSES).toContain(entry.status);
    expect(entry.en.trim().length).toBeGreaterThan(0);
    expect(entry.en).not.toMatch(HAN);
    expect(entry.zh).toMatch(HAN);
  });

  it('has an empty-field code in 600–679 for every field the spec lists, each distinct', () => {
    const fields = [
      'company',
      'group',
      'charger',
      'station',
      'rateTemplate',
      'tax',
      'gateway',
      'password',
      'role',
      'user',
      'card',
      'menu',
      'firmware',
      'notification',
      'smartCharging',
      'time',
      'maintainer',
    ];
    const codes = fields.map((f) => (EMPTY_FIELD_CODES as Record<string, number>)[f]);
    expect(codes.every((c) => c >= 600 && c <= 679)).toBe(true);
    expect(new Set(codes).size).toBe(fields.length);
    for (const c of codes) {
      expect(isCatalogueCode(c)).toBe(true);
      expect(httpStatusOf(c)).toBe(400);
      expect(catalogueMessage(c, 'en')).toMatch(/cannot be empty$/);
      expect(catalogueMessage(c, 'zh')).toMatch(/不能为空$/);
    }
  });

  it('keeps the statuses of the classes: 401 auth, 403 cross-company, 404 not found, 409 duplicates', () => {
    expect(httpStatusOf(200)).toBe(200);
    expect(httpStatusOf(401)).toBe(401);
    expect(httpStatusOf(700)).toBe(401);
    expect(httpStatusOf(403)).toBe(403);
    expect(httpStatusOf(709)).toBe(403);
    expect(httpStatusOf(725)).toBe(403);
    for (const c of range(800, 809)) expect(httpStatusOf(c)).toBe(404);
    for (const c of range(300, 310)) expect(httpStatusOf(c)).toBe(409);
    expect(httpStatusOf(500)).toBe(500);
  });

  it("answers 4xx for every mistake of the caller and 5xx only for the server's own failures (R8.11)", () => {
    for (const [code, entry] of Object.entries(CATALOGUE) as Array<[string, { status: number }]>) {
      const c = Number(code);
      if (c === 200) continue;
      if (c in SERVER_FAULTS) expect(entry.status, `code ${c}`).toBe(SERVER_FAULTS[c]);
      else expect(entry.status, `code ${c}`).toBeLessThan(500);
    }
    // Refused uploads, a duplicate firmware version and an order that cannot be closed are the caller's.
    expect(httpStatusOf(712)).toBe(400);
    expect(httpStatusOf(713)).toBe(409);
    expect(httpStatusOf(724)).toBe(409);
  });

  it("answers the diagnostics receivers' bounds and the metrics token with the caller's statuses (755 429, 756 408, 757 401)", () => {
    expect([755, 756, 757].map(httpStatusOf)).toEqual([429, 408, 401]);
    for (const c of [755, 756, 757]) {
      expect(catalogueMessage(c, 'en')).not.toMatch(HAN);
      expect(catalogueMessage(c, 'zh')).toMatch(HAN);
    }
  });

  it('uses the spec wording where the spec gives it', () => {
    expect(catalogueMessage(700, 'en')).toBe('Wrong user name or password');
    expect(catalogueMessage(401, 'en')).toBe('Authentication exception');
  });

  it('every entry has distinct en and zh text, and no two codes share an English message', () => {
    const entries = Object.entries(CATALOGUE) as Array<[string, { en: string; zh: string }]>;
    for (const [, e] of entries) expect(e.en).not.toBe(e.zh);
    const en = entries.map(([, e]) => e.en);
    expect(new Set(en).size).toBe(en.length);
  });

  it('falls back to 500 for unknown codes', () => {
    expect(isCatalogueCode(12345)).toBe(false);
    expect(httpStatusOf(12345)).toBe(500);
    expect(catalogueMessage(12345, 'en')).toBe(catalogueMessage(500, 'en'));
    expect(catalogueMessage(12345, 'zh')).toBe(catalogueMessage(500, 'zh'));
  });
});

describe('pickLang (requirements §1: language cookie, default English)', () => {
  it.each([
    [undefined, undefined, 'en'],
    [null, null, 'en'],
    ['', '', 'en'],
    ['zh', undefined, 'zh'],
    ['zh-CN', undefined, 'zh'],
    ['ZH', undefined, 'zh'],
    ['en', 'zh-CN,zh;q=0.9', 'en'],
    ['fr', undefined, 'en'],
    [undefined, 'zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    [undefined, 'zh-Hans', 'zh'],
    [undefined, 'en-GB,en;q=0.9,zh;q=0.8', 'en'],
    [undefined, 'de-DE', 'en'],
  ] as const)('cookie %j, Accept-Language %j → %s', (cookie, accept, want) => {
    expect(pickLang(cookie, accept)).toBe(want);
  });

  it('lets the cookie win over the header', () => {
    expect(pickLang('zh', 'en-US')).toBe('zh');
    expect(pickLang('en', 'zh-CN')).toBe('en');
  });
});
