/** List helpers of server/http/paging.ts: literal search terms and the newest-first order (requirements §12). */
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { cardUser } from '../../../server/db/schema.js';
import { AppError } from '../../../server/http/envelope.js';
import { likeTerm, newestFirst, pageQuery } from '../../../server/http/paging.js';

const dialect = new PgDialect();
const orderSql = (q: Record<string, string>) =>
  newestFirst(pageQuery.parse(q), { id: cardUser.id, cardNumber: cardUser.cardNumber }, cardUser.id).map((s) => dialect.sqlToQuery(s).sql);

describe('likeTerm', () => {
  it('wraps the term in % and escapes the LIKE wildcards', () => {
    expect(likeTerm('abc')).toBe('%abc%');
    expect(likeTerm('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('newestFirst', () => {
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
    }
  });
});
