/** domain/money.ts: stored amounts and currency rounding, one rule each. */
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { roundMoney, storedMoney } from '../../../domain/money';
import { rechargeAmountError } from '../../../domain/entities/balance-record';
import { amountCode } from '../../../src/components/balance/amount';

describe('money rules', () => {
  it('stores amounts with 2 decimals, half-up', () => {
    expect(storedMoney('2.565')).toBe('2.57');
    expect(storedMoney(new Decimal('-0.005'))).toBe('-0.01');
    expect(storedMoney(0)).toBe('0.00');
  });
  it('rounds a priced amount to the currency minor unit', () => {
    expect(roundMoney('2.565', 'EUR')).toBe('2.57');
    expect(roundMoney('49.5', 'JPY')).toBe('50');
  });
  it('checks a recharge amount with the one domain rule in the console and on the server', () => {
    for (const s of ['5', ' 5 ', '-1', '0', '2.5', '1e3', '999999999', '1000000000', 'abc', '']) {
      expect(amountCode(s)).toBe(rechargeAmountError(s.trim()));
    }
  });
});
