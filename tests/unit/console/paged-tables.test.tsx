// @vitest-environment jsdom
/**
 * The paged sub-tables of the charger-user screens (src/components/PagedTable.tsx): an app
 * user's orders and a holder's balance records — what they ask for (path, newest first, 20 a
 * page), their header, rows, empty message and paging.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, testDataProvider, type DataProvider, type GetListParams } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n';
import { AppUserOrders } from '../../../resources/app-user/AppUserOrders';
import { BalanceRecordTable } from '../../../src/components/balance/BalanceRecords';

type Read = [string, GetListParams];

function renderWith(ui: React.ReactNode, rows: Record<string, unknown>[], total: number, reads: Read[]) {
  const dataProvider = {
    ...testDataProvider(),
    getList: async (resource: string, params: GetListParams) => {
      reads.push([resource, params]);
      return { data: rows, total };
    },
  } as unknown as DataProvider;
  return render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        {ui}
      </AdminContext>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe("an app user's orders", () => {
  const order = {
    id: 11,
    orderNo: 'ORD-11',
    chargerSn: 'VOLTA00000000201',
    status: 'FINISHED',
    chargerStartTime: '2026-01-02T08:00:00Z',
    chargerStopTime: null,
    energyKwh: '12.5',
    totalAmount: '4.20',
    currency: 'EUR',
    paid: true,
  };

  it("reads the user's orders newest first and shows one row per order under the order labels", async () => {
    const reads: Read[] = [];
    renderWith(<AppUserOrders id={7} />, [order], 1, reads);
    const table = await screen.findByTestId('app-user-orders');
    expect(reads[0][0]).toBe('app-user/7/orders');
    expect(reads[0][1].sort).toEqual({ field: 'chargerStartTime', order: 'DESC' });
    expect(reads[0][1].pagination).toEqual({ page: 1, perPage: 20 });
    const head = within(table).getAllByRole('columnheader');
    expect(head.map((h) => h.textContent)).toContain('Order no.');
    expect(head).toHaveLength(8);
    const [row] = screen.getAllByTestId('app-user-order-row');
    expect(row.textContent).toContain('ORD-11');
    expect(row.textContent).toContain('12.500');
  });

  it('says so when there are none', async () => {
    renderWith(<AppUserOrders id={7} />, [], 0, []);
    expect(await screen.findByText('No orders yet')).toBeTruthy();
  });
});

describe("a holder's balance records", () => {
  const record = (id: number) => ({
    id,
    createTimeStamp: '2026-01-02T08:00:00Z',
    changeType: 'GIFT',
    prepayType: null,
    deductType: null,
    relevanceId: null,
    orderNo: null,
    changeAmount: '5.00',
    oldBalance: '1.00',
    newBalance: '6.00',
    remark: null,
    operator: 'admin',
  });

  it('reads the records newest first, right-aligns the amounts and pages on', async () => {
    const reads: Read[] = [];
    renderWith(<BalanceRecordTable resource="card-user" id={3} currency="EUR" />, [record(1), record(2)], 45, reads);
    const table = await screen.findByTestId('balance-records');
    expect(reads[0][0]).toBe('card-user/3/balance-records');
    expect(reads[0][1].sort).toEqual({ field: 'createTimeStamp', order: 'DESC' });
    const head = within(table).getAllByRole('columnheader');
    expect(head).toHaveLength(10);
    expect(head[5].className).toContain('alignRight');
    expect(head[0].className).not.toContain('alignRight');
    expect(screen.getAllByTestId('balance-record-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(reads.some(([, p]) => p.pagination?.page === 2)).toBe(true));
  });

  it('says so when there are none', async () => {
    renderWith(<BalanceRecordTable resource="app-user" id={3} currency={null} />, [], 0, []);
    expect(await screen.findByText('No balance changes yet')).toBeTruthy();
  });
});
