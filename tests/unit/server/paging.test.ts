/** List helpers of server/http/paging.ts: literal search terms and the one ORDER BY of every list (requirements §12). */
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { cardUser } from '../../../server/db/schema.js';
import { AppError } from '../../../domain/app-error.js';
import { likeTerm, NEWEST_FIRST, orderByOf, pageQuery, type ListOrder } from '../../../server/http/paging.js';

const dialect = new PgDialect();
const sortable = { id: cardUser.id, cardNumber: cardUser.cardNumber };
const sqlOf = (q: Record<string, string>, how: ListOrder) => orderByOf(pageQuery.parse(q), sortable, how).map((s) => dialect.sqlToQuery(s).sql);
const orderSql = (q: Record<string, string>) => sqlOf(q, { ...NEWEST_FIRST, fallback: cardUser.id, tieBreak: cardUser.id });

describe('likeTerm', () => {
  it('wraps the term in % and escapes the LIKE wildcards', () => {
    expect(likeTerm('abc')).toBe('%abc%');
    expect(likeTerm('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('orderByOf, newest first', () => {
  it('sorts by id descending by default, then by the tiebreak descending', () => {
    expect(orderSql({})).toEqual(['"card_user"."id" desc', '"card_user"."id" desc']);
  });

  it('takes a whitelisted column and ascending order on request', () => {
    expect(orderSql({ sort: 'cardNumber', order: 'ASC' })).toEqual(['"card_user"."card_number" asc', '"card_user"."id" desc']);
  });

  it('answers 400 naming `sort` for a column outside the whitelist', () => {
    try {
      orderSql({ sort: 'nope' });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(AppError);
      expect((e as AppError).code).toBe(400);
      expect((e as AppError).field).toBe('sort');
      expect((e as AppError).data).toEqual({ errors: { sort: 'nope' } });
    }
  });

  it('refuses an inherited property name rather than passing a prototype to SQL', () => {
    for (const sort of ['__proto__', 'constructor', 'toString']) expect(() => orderSql({ sort })).toThrow(AppError);
  });
});

describe('orderByOf, fallback ascending', () => {
  const plain: ListOrder = { fallback: cardUser.cardNumber, tieBreak: cardUser.id };
  it('sorts by the fallback ascending, ties by id ascending, whatever the direction asked', () => {
    expect(sqlOf({}, plain)).toEqual(['"card_user"."card_number" asc', '"card_user"."id" asc']);
    expect(sqlOf({ sort: 'id', order: 'desc' }, plain)).toEqual(['"card_user"."id" desc', '"card_user"."id" asc']);
  });

  it('turns the tie-break with the list when asked (same), and leaves it out when there is none', () => {
    expect(sqlOf({ order: 'desc' }, { ...plain, tieOrder: 'same' })).toEqual(['"card_user"."card_number" desc', '"card_user"."id" desc']);
    expect(sqlOf({ sort: 'id' }, { fallback: cardUser.cardNumber })).toEqual(['"card_user"."id" asc']);
  });

  it('applies the fallback direction only when no sort is named, else sortedOrder', () => {
    const orders: ListOrder = { fallback: cardUser.cardNumber, order: 'desc', tieBreak: cardUser.id, tieOrder: 'same' };
    expect(sqlOf({}, orders)).toEqual(['"card_user"."card_number" desc', '"card_user"."id" desc']);
    expect(sqlOf({ sort: 'id' }, orders)).toEqual(['"card_user"."id" asc', '"card_user"."id" asc']);
  });
});
