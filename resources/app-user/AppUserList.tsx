/**
 * The app user list (`#/ChargerUsers/AppUsers`, `GET /sp/app-user`): nickname, mobile, full name,
 * e-mail, operator, status (activate/deactivate with a confirmation), expiry date (set or cleared in
 * a dialog), registration method, joined
 * date, order count, total spend and balance with its dialogs; server-side paging and sorting.
 */
import { useMemo } from 'react';
import { Datagrid, DatagridBody, DatagridRow, FunctionField, List, Pagination, SelectInput, TextField, useLocaleState, useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { EmptyState, ErrorState } from '../../src/components/common';
import { formatDate } from '../../src/utils/date';
import { formatMoney } from '../../src/utils/number';
import { ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { BalanceActions } from '../../src/components/balance/BalanceActions';
import { Contact } from '../../src/components/balance/Contact';
import { holderFilters } from '../../src/components/balance/holderFilters';
import { StatusButton } from '../../src/components/balance/StatusButton';
import { ExpiryButton } from '../../src/components/balance/Expiry';
import type { AppUserRecord } from '../../domain/entities/app-user';

/** Registration methods offered as a filter (the API stores MOBILE unless the app says otherwise). */
const REGISTRATION_METHODS = ['MOBILE', 'EMAIL', 'WECHAT', 'GOOGLE', 'APPLE'] as const;

function useAppUserFilters() {
  const translate = useTranslate();
  return useMemo(
    () => [
      ...holderFilters('app-user', translate),
      <SelectInput
        key="registrationMethod"
        source="registrationMethod"
        alwaysOn
        label="resources.app-user.fields.registrationMethod"
        choices={REGISTRATION_METHODS.map((m) => ({ id: m, name: translate(`resources.app-user.values.registrationMethod.${m}`) }))}
      />,
    ],
    [translate],
  );
}

const row = <DatagridRow {...{ 'data-testid': 'app-user-row' }} />;
const label = (r: AppUserRecord) => r.nickname || r.fullName || r.mobile || `#${r.id}`;

export function AppUserList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = useAppUserFilters();
  return (
    <List
      resource="app-user"
      filters={filters}
      sort={{ field: 'createTimeStamp', order: 'DESC' }}
      perPage={20}
      exporter={false}
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.appUsers')}
      empty={false}
      error={<ErrorState />}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => `/ChargerUsers/AppUsers?id=${id}`}
        body={<DatagridBody row={row} />}
        empty={<EmptyState />}
        data-testid="app-users-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' } }}
      >
        <FunctionField<AppUserRecord>
          source="nickname"
          render={(r) => (
            <Box sx={{ lineHeight: 1.3 }}>
              <Typography variant="body2">{r.nickname || '—'}</Typography>
              {r.fullName && (
                <Typography variant="caption" color="text.secondary">
                  {r.fullName}
                </Typography>
              )}
            </Box>
          )}
        />
        <FunctionField<AppUserRecord>
          source="mobile"
          label="resources.app-user.fields.contact"
          sortable={false}
          render={(r) => <Contact mobile={r.mobile} email={r.email} />}
        />
        <TextField source="companyName" emptyText="—" sortable={false} sx={{ whiteSpace: 'normal', display: 'inline-block', minWidth: 120 }} />
        <FunctionField<AppUserRecord>
          source="active"
          sortable={false}
          render={(r) => <StatusButton resource="app-user" id={r.id} active={r.active} label={label(r)} />}
        />
        <FunctionField<AppUserRecord>
          source="expiryDate"
          sortable={false}
          render={(r) => <ExpiryButton id={r.id} expiryDate={r.expiryDate} label={label(r)} />}
        />
        <FunctionField<AppUserRecord>
          source="registrationMethod"
          sortable={false}
          render={(r) =>
            r.registrationMethod ? translate(`resources.app-user.values.registrationMethod.${r.registrationMethod}`, { _: r.registrationMethod }) : '—'
          }
        />
        <FunctionField<AppUserRecord> source="joinedDate" sortBy="createTimeStamp" render={(r) => formatDate(r.joinedDate)} />
        <FunctionField<AppUserRecord> source="orderCount" textAlign="right" sortable={false} render={(r) => r.orderCount} />
        <FunctionField<AppUserRecord> source="totalSpend" textAlign="right" sortable={false} render={(r) => formatMoney(r.totalSpend, r.currency, locale)} />
        <FunctionField<AppUserRecord>
          source="balance"
          textAlign="right"
          render={(r) => <span data-testid="app-user-balance">{formatMoney(r.balance, r.currency, locale)}</span>}
        />
        <FunctionField<AppUserRecord>
          label="resources.app-user.fields.actions"
          render={(r) => <BalanceActions resource="app-user" holder={r} holderLabel={label(r)} />}
        />
      </Datagrid>
    </List>
  );
}

export default AppUserList;
