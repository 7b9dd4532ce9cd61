/**
 * The order list (`#/Operations/Orders`): paged, sortable, filtered; rows open the order. Columns
 * are the user's choice (Columns button); by default Status and Paid come right after the order
 * number and card / ID tag, user type and duration are left out, so the list fits 1440 px with the sidebar open.
 * Above it, the totals of every order the filters match (R2.18); the date filters take a time of day.
 */
import { DatagridBody, DatagridRow, FilterButton, FunctionField, List, Pagination, TextField, TopToolbar, useLocaleState, useTranslate } from 'react-admin';
import { EmptyState, ErrorState } from '../../src/components/common';
import { ColumnsButton, ConfigurableGrid } from '../../src/components/ConfigurableGrid';
import { formatDateTime, formatDuration } from '../../src/utils/date';
import { fixed, formatMoney } from '../../src/utils/number';
import { ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { ExportButtons } from './ExportButtons';
import { useOrderFilters } from './orderFilters';
import { OrderSettingsButton } from './OrderSettingsDialog';
import { OrderTotals } from './OrderTotals';
import { OrderStatusField, PaidField } from '../../src/components/OrderStatusField';
import type { OrderRecord } from '../../domain/entities/order';

export const ORDERS_PATH = '/Operations/Orders';

const row = <DatagridRow {...{ 'data-testid': 'order-row' }} />;

export function OrderList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = useOrderFilters();
  return (
    <List
      resource="order"
      filters={filters}
      sort={{ field: 'chargerStartTime', order: 'DESC' }}
      perPage={20}
      exporter={false}
      actions={
        <TopToolbar>
          <FilterButton />
          <ColumnsButton resource="order" />
          <ExportButtons />
          <OrderSettingsButton />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.orders')}
      empty={<EmptyState />}
      error={<ErrorState />}
    >
      <OrderTotals />
      <ConfigurableGrid
        resource="order"
        omit={['idTag', 'userType', 'durationSeconds']}
        bulkActionButtons={false}
        rowClick={(id) => `${ORDERS_PATH}/${id}/show`}
        body={<DatagridBody row={row} />}
        empty={<EmptyState />}
        data-testid="orders-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' }, '& td.column-stationName': { whiteSpace: 'normal', minWidth: 140 } }}
      >
        <TextField source="orderNo" sx={{ fontFamily: 'monospace' }} />
        <OrderStatusField source="status" />
        <PaidField source="paid" />
        <TextField source="stationName" emptyText="—" />
        <FunctionField<OrderRecord> source="chargerSn" render={(r) => `${r.chargerSn} #${r.connectorId}`} />
        <FunctionField<OrderRecord> source="idTag" render={(r) => r.userName || r.idTag || '—'} />
        <FunctionField<OrderRecord> source="userType" render={(r) => (r.userType ? translate(`resources.order.values.userType.${r.userType}`) : '—')} />
        <FunctionField<OrderRecord> source="chargerStartTime" render={(r) => formatDateTime(r.chargerStartTime)} />
        <FunctionField<OrderRecord> source="durationSeconds" render={(r) => formatDuration(r.durationSeconds)} />
        <FunctionField<OrderRecord> source="energyKwh" textAlign="right" render={(r) => fixed(r.energyKwh, 3)} />
        <FunctionField<OrderRecord> source="totalAmount" textAlign="right" render={(r) => formatMoney(r.totalAmount, r.currency, locale)} />
      </ConfigurableGrid>
    </List>
  );
}

export default OrderList;
