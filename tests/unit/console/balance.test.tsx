// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, HttpError, testDataProvider } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n';
import { amountCode, amountError } from '../../../src/components/balance/amount';
import { sheetRows } from '../../../src/utils/spreadsheet';
import { BalanceDialog } from '../../../src/components/balance/BalanceDialog';
import { cardUserCreate } from '../../../domain/entities/card-user';
import { schemaFieldErrors } from '../../../src/forms/schemaValidate';
import { catalogueMessage } from '../../../domain/errors';
import { rechargeAmountError } from '../../../domain/entities/balance-record';

afterEach(() => {
  cleanup();
  document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('amount validation (requirements §5: recharge amounts are whole numbers above 0)', () => {
  const samples = ['100', '1', ' 7 ', '0', '00', '-5', '-0', '1.5', '10.00', 'abc', '', '1e3', '+3', '٣', '1000000000000', '999999999'];
  it('gives the catalogue code the server would give', () => {
    // the dialog sends the trimmed amount; the server refuses untrimmed ones (705)
    for (const s of samples) expect([s, amountCode(s)]).toEqual([s, rechargeAmountError(s.trim())]);
  });
  it('maps codes to translation keys', () => {
    expect(amountError('-1')).toBe('resources.balance.errors.650');
    expect(amountError('0')).toBe('resources.balance.errors.705');
    expect(amountError('2.5')).toBe('resources.balance.errors.705');
    expect(amountError(undefined)).toBe('resources.balance.errors.705');
    expect(amountError('25')).toBeUndefined();
    expect(amountError(25)).toBeUndefined();
  });
});

describe('card user form rules (the entity declaration)', () => {
  const ctx = {
    lang: 'en' as const,
    label: (f: string) => (({ cardNumber: 'Card number', lastName: 'Last name' }) as Record<string, string>)[f],
    emptyText: (l: string) => `${l} cannot be empty`,
  };
  it('marks every failing field at once: empties by label, digits in names (900); then stations for STATIONS (603)', () => {
    const errors = schemaFieldErrors(
      cardUserCreate,
      { companyCode: 'A', cardNumber: '', lastName: '', firstName: 'Li4', scope: 'STATIONS', stationIds: [] },
      ctx,
    );
    expect(errors).toEqual({
      cardNumber: 'Card number cannot be empty',
      lastName: 'Last name cannot be empty',
      firstName: catalogueMessage(900, 'en'),
    });
    expect(
      schemaFieldErrors(cardUserCreate, { companyCode: 'A', cardNumber: '01', lastName: 'Li', firstName: 'Lei', scope: 'STATIONS', stationIds: [] }, ctx),
    ).toEqual({ stationIds: catalogueMessage(603, 'en') });
    expect(schemaFieldErrors(cardUserCreate, { companyCode: 'A', cardNumber: '01', lastName: 'Li', firstName: 'Lei', scope: 'ALL' }, ctx)).toEqual({});
  });
});

describe('Excel cells are neutralised', () => {
  it('prefixes a quote on = + - @ and keeps numbers', () => {
    expect(
      sheetRows(
        ['=h', 'n'],
        [
          ['=x', 3],
          ['+1', -2],
          ['-2', null],
          ['@cmd', 'Plain'],
        ],
      ),
    ).toEqual([
      ["'=h", 'n'],
      ["'=x", 3],
      ["'+1", -2],
      ["'-2", ''],
      ["'@cmd", 'Plain'],
    ]);
  });
});

describe('the recharge dialog', () => {
  const holder = { id: 7, balance: '12.50', currency: 'EUR', active: true };

  function renderDialog(post: (path: string, body: Record<string, unknown>) => Promise<Record<string, unknown>>) {
    const call = (method: string, path: string, body: Record<string, unknown>) => (method === 'POST' ? post(path, body) : Promise.reject(new Error(method)));
    const dataProvider = testDataProvider({ call } as never);
    return render(
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <BalanceDialog resource="card-user" holder={holder} holderLabel="CARD-7" operation="recharge" open onClose={() => {}} />
      </AdminContext>,
    );
  }

  it('checks the amount, then posts it and closes', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [];
    renderDialog(async (path, body) => {
      calls.push([path, body]);
      return { id: 1 };
    });
    expect((await screen.findByTestId('balance-current')).textContent).toContain('12.50 EUR');
    const input = screen.getByTestId('balance-amount');
    fireEvent.change(input, { target: { value: '-5' } });
    fireEvent.click(screen.getByTestId('balance-submit'));
    expect(await screen.findByText('Amount cannot be negative')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1.5' } });
    expect(await screen.findByText('Recharge amount must be a whole number above 0')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('balance-submit'));
    await waitFor(() => expect(calls).toEqual([['card-user/7/recharge', { amount: '100' }]]));
  });

  it('shows the server message inline, in Chinese when the cookie says so', async () => {
    document.cookie = 'language=zh; path=/';
    renderDialog(async () => {
      throw new HttpError('余额不足', 409, { code: 721 });
    });
    fireEvent.change(await screen.findByTestId('balance-amount'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('balance-submit'));
    expect(await screen.findByText('充值金额必须为大于0的整数')).toBeTruthy();
    fireEvent.change(screen.getByTestId('balance-amount'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('balance-submit'));
    expect((await screen.findByTestId('balance-error')).textContent).toBe('余额不足');
  });
});

describe('the card user form', () => {
  it('flags digits in a name with the catalogue text of code 900 before sending', async () => {
    const { CardUserForm } = await import('../../../resources/card-user/CardUserInputs');
    const { ResourceContextProvider } = await import('react-admin');
    const dataProvider = testDataProvider({ fetchData: async () => [] } as never);
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <ResourceContextProvider value="card-user">
          <CardUserForm />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const last = await screen.findByTestId('card-user-lastName');
    fireEvent.change(last, { target: { value: 'Li4' } });
    fireEvent.blur(last);
    expect(await screen.findByText('Name cannot contain numbers')).toBeTruthy();
    fireEvent.change(last, { target: { value: 'Li' } });
    fireEvent.blur(last);
    await waitFor(() => expect(screen.queryByText('Name cannot contain numbers')).toBeNull());
  });
});
