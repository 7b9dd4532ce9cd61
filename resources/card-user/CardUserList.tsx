/**
 * The card user list (`#/ChargerUsers/CardUsers`, `GET /sp/card-user`): server-side paging and
 * sorting, filters, Excel export of the current filter, activate/deactivate with a confirmation,
 * the balance dialogs and the way to the balance record view (`?id=`).
 */
import {
  CreateButton,
  Datagrid,
  DatagridBody,
  DatagridRow,
  EditButton,
  FunctionField,
  List,
  Pagination,
  TextField,
  TopToolbar,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { Stack, Tooltip } from '@mui/material';
import { ColorChip, EmptyState, ErrorState } from '../../src/components/common';
import { formatDate, formatDateTime } from '../../src/utils/date';
import { formatMoney } from '../../src/utils/number';
import { ROWS_PER_PAGE } from '../../src/components/filterInputs';
import { BalanceActions } from '../../src/components/balance/BalanceActions';
import { Contact } from '../../src/components/balance/Contact';
import { StatusButton } from '../../src/components/balance/StatusButton';
import { ExpiryText } from '../../src/components/balance/Expiry';
import { useCardUserFilters } from './cardUserFilters';
import { ListExportButton } from '../../src/components/ListExportButton';
import type { CardUserRecord } from '../../domain/entities/card-user';
import { routePath } from '../../domain/routes';

function ListActions() {
  return (
    <TopToolbar>
      <CreateButton to={`${routePath('cardUsers')}/create`} data-testid="card-user-create" />
      <ListExportButton resource="card-user" label="resources.card-user.actions.export" />
    </TopToolbar>
  );
}

const row = <DatagridRow {...{ 'data-testid': 'card-user-row' }} />;
const fullName = (r: CardUserRecord) => `${r.lastName} ${r.firstName}`.trim();

export function CardUserList() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const filters = useCardUserFilters();
  return (
    <List
      resource="card-user"
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'createTimeStamp', order: 'DESC' }}
      perPage={20}
      exporter={false}
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.cardUsers')}
      empty={false}
      error={<ErrorState />}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={false}
        body={<DatagridBody row={row} />}
        empty={<EmptyState />}
        data-testid="card-users-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' } }}
      >
        <FunctionField<CardUserRecord>
          label="resources.card-user.fields.actions"
          render={(r) => (
            <Stack direction="row" spacing={0.5} alignItems="center">
              <EditButton to={`${routePath('cardUsers')}/${r.id}`} label="" data-testid={`card-user-edit-${r.id}`} />
              <BalanceActions resource="card-user" holder={r} holderLabel={`${r.cardNumber} · ${fullName(r)}`} />
            </Stack>
          )}
        />
        <TextField source="cardNumber" sx={{ fontFamily: 'monospace' }} />
        <FunctionField<CardUserRecord> source="lastName" label="resources.card-user.fields.name" render={fullName} />
        <TextField source="companyName" emptyText="—" sortable={false} sx={{ whiteSpace: 'normal', display: 'inline-block', minWidth: 120 }} />
        <FunctionField<CardUserRecord>
          source="mobile"
          label="resources.card-user.fields.contact"
          sortable={false}
          render={(r) => <Contact mobile={r.mobile} email={r.email} />}
        />
        <FunctionField<CardUserRecord>
          source="scope"
          sortable={false}
          render={(r) => (
            <Tooltip title={r.scope === 'STATIONS' ? r.stationIds.join(', ') : ''}>
              <span>
                <ColorChip
                  label={
                    r.scope === 'STATIONS'
                      ? translate('resources.card-user.values.scope_count', { smart_count: r.stationIds.length })
                      : translate('resources.card-user.values.scope.ALL')
                  }
                  color={r.scope === 'STATIONS' ? '#409eff' : '#1ebb77'}
                />
              </span>
            </Tooltip>
          )}
        />
        <FunctionField<CardUserRecord>
          source="managerCard"
          sortable={false}
          render={(r) => (r.managerCard ? <ColorChip label={translate('resources.card-user.values.bool.true')} color="#9c27b0" /> : '—')}
        />
        <FunctionField<CardUserRecord> source="active" render={(r) => <StatusButton resource="card-user" id={r.id} active={r.active} label={r.cardNumber} />} />
        <FunctionField<CardUserRecord>
          source="expiryDate"
          sortable={false}
          render={(r) => <ExpiryText expiryDate={r.expiryDate} testId="card-user-expiry" />}
        />
        <FunctionField<CardUserRecord>
          source="balance"
          textAlign="right"
          render={(r) => <span data-testid="card-user-balance">{formatMoney(r.balance, r.currency, locale)}</span>}
        />
        <FunctionField<CardUserRecord>
          source="createTimeStamp"
          render={(r) => <span title={formatDateTime(r.createTimeStamp)}>{formatDate(r.createTimeStamp)}</span>}
        />
      </Datagrid>
    </List>
  );
}

export default CardUserList;
