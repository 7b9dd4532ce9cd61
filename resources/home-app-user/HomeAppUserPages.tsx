/**
 * Home app users (`#/HomeStations/AppUserses`, API `home-app-user`; requirements §3, §16): who may use
 * each home charger — its owner, family and guests — with level, charger SN and last login;
 * sharing a charger with family or a guest, withdrawing an access (with a confirmation), and a
 * member's home orders (`?id=`). The home orders of every home charger are the `orders` tab.
 */
import { useMemo, type ReactNode } from 'react';
import {
  AutocompleteInput,
  Create,
  CreateButton,
  Datagrid,
  DeleteWithConfirmButton,
  FilterButton,
  FunctionField,
  List,
  Pagination,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TopToolbar,
  useGetOne,
  useTranslate,
} from 'react-admin';
import { Box, Tab, Tabs, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { routePath } from '../../domain/routes';
import { HOME_LEVELS, HOME_START_TYPES, SHARED_LEVELS, homeMemberCreate, type HomeMemberRecord, type HomeOrderRecord } from '../../domain/entities/home-member';
import { ColorChip, EmptyState, ErrorState } from '../../src/components/common';
import { ColumnsButton, ConfigurableGrid } from '../../src/components/ConfigurableGrid';
import { useSchemaValidate } from '../../src/forms/schemaValidate';
import { STATE_COLORS } from '../../src/theme';
import { formatDateTime } from '../../src/utils/date';
import { CompanyFilterInput, ROWS_PER_PAGE } from '../../src/components/filterInputs';

export const MEMBERS_PATH = routePath('homeAppUsers');
export const HOME_ORDERS_PATH = `${MEMBERS_PATH}/orders`;

const LEVEL_COLORS: Record<string, string> = { OWNER: STATE_COLORS.available, FAMILY: STATE_COLORS.charging, GUEST: STATE_COLORS.occupied };

function LevelChip({ level }: { level: string }) {
  const translate = useTranslate();
  return (
    <ColorChip testId="home-level" label={translate(`resources.home-app-user.values.level.${level}`)} color={LEVEL_COLORS[level] ?? STATE_COLORS.offline} />
  );
}

/** The two tabs of the page: app users and home orders. */
export function HomeTabs({ children }: { children?: ReactNode }) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const active = pathname.startsWith(HOME_ORDERS_PATH) ? HOME_ORDERS_PATH : MEMBERS_PATH;
  return (
    <Box>
      <Tabs value={active} sx={{ mb: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40, textTransform: 'none' } }}>
        <Tab value={MEMBERS_PATH} label={translate('resources.home-app-user.tab')} component={Link} to={MEMBERS_PATH} data-testid="tab-home-users" />
        <Tab value={HOME_ORDERS_PATH} label={translate('resources.home-order.tab')} component={Link} to={HOME_ORDERS_PATH} data-testid="tab-home-orders" />
      </Tabs>
      {children}
    </Box>
  );
}

export function HomeAppUserList() {
  const translate = useTranslate();
  const filters = useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn />,
      <CompanyFilterInput key="companyCode" source="companyCode" alwaysOn />,
      <SelectInput key="level" source="level" alwaysOn choices={HOME_LEVELS.map((l) => ({ id: l, name: `resources.home-app-user.values.level.${l}` }))} />,
    ],
    [],
  );
  return (
    <List
      resource="home-app-user"
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={20}
      exporter={false}
      actions={
        <TopToolbar>
          <CreateButton label="resources.home-app-user.share" to={`${MEMBERS_PATH}/create`} data-testid="home-share" />
        </TopToolbar>
      }
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate('menu.homeAppUsers')}
      empty={false}
      error={<ErrorState />}
    >
      <Datagrid
        bulkActionButtons={false}
        rowClick={(id) => `${MEMBERS_PATH}?id=${id}`}
        empty={<EmptyState />}
        data-testid="home-users-grid"
        sx={{ '& td': { whiteSpace: 'nowrap' } }}
      >
        <TextField source="nickname" />
        <FunctionField<HomeMemberRecord> source="mobile" sortable={false} render={(r) => r.mobile ?? r.email ?? '—'} />
        <FunctionField<HomeMemberRecord> source="level" render={(r) => <LevelChip level={r.level} />} />
        <TextField source="chargerSn" sortable={false} />
        <FunctionField<HomeMemberRecord> source="lastLoginAt" render={(r) => (r.lastLoginAt ? formatDateTime(r.lastLoginAt) : '—')} />
        <TextField source="orderCount" sortable={false} textAlign="right" />
        <FunctionField<HomeMemberRecord>
          label="app.assets.actions"
          render={(r) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the row must not open; the controls inside take the keys
            <span onClick={(e) => e.stopPropagation()}>
              <DeleteWithConfirmButton
                record={r}
                mutationMode="pessimistic"
                redirect={false}
                label="resources.home-app-user.withdraw"
                confirmTitle="resources.home-app-user.withdraw_title"
                confirmContent="resources.home-app-user.confirm_withdraw"
                translateOptions={{ name: r.nickname, sn: r.chargerSn }}
                data-testid="home-withdraw"
              />
            </span>
          )}
        />
      </Datagrid>
    </List>
  );
}

export function HomeAppUserCreate() {
  const translate = useTranslate();
  const validate = useSchemaValidate(homeMemberCreate);
  return (
    <Create resource="home-app-user" redirect={() => MEMBERS_PATH} title={translate('resources.home-app-user.share_title')}>
      <SimpleForm validate={validate} data-testid="home-share-form">
        <ReferenceInput source="homeChargerId" reference="home-charger">
          <AutocompleteInput optionText="serialNum" filterToQuery={(q: string) => ({ q })} isRequired sx={{ minWidth: 320 }} />
        </ReferenceInput>
        <ReferenceInput source="appUserId" reference="app-user">
          <AutocompleteInput optionText="nickname" filterToQuery={(q: string) => ({ q })} isRequired sx={{ minWidth: 320 }} />
        </ReferenceInput>
        <SelectInput source="level" isRequired choices={SHARED_LEVELS.map((l) => ({ id: l, name: `resources.home-app-user.values.level.${l}` }))} />
      </SimpleForm>
    </Create>
  );
}

function StartTypeChip({ type }: { type: string }) {
  const translate = useTranslate();
  return <ColorChip testId="home-start-type" label={translate(`resources.home-order.values.startType.${type}`)} color={STATE_COLORS.charging} />;
}

/**
 * The columns of a home order list: the user's choice (Columns button, remembered per user); by
 * default the creation and close times are left out so the list fits 1440 px with the sidebar
 * open; on a phone it scrolls sideways inside its card and the page itself stays 390 px wide.
 */
function HomeOrderGrid() {
  const translate = useTranslate();
  return (
    <ConfigurableGrid
      resource="home-order"
      omit={['createTime', 'closeTime']}
      bulkActionButtons={false}
      rowClick={(id) => `${routePath('orders')}/${id}/show`}
      empty={<EmptyState />}
      data-testid="home-orders-grid"
      sx={{ '& td': { whiteSpace: 'nowrap' } }}
    >
      <TextField source="code" label="resources.home-order.fields.code" sortable={false} />
      <TextField source="chargerSn" label="resources.home-order.fields.chargerSn" sortable={false} />
      <FunctionField<HomeOrderRecord>
        source="startType"
        label="resources.home-order.fields.startType"
        sortable={false}
        render={(r) => <StartTypeChip type={r.startType} />}
      />
      <FunctionField<HomeOrderRecord> source="nickname" label="resources.home-order.fields.nickname" sortable={false} render={(r) => r.nickname ?? r.idTag} />
      <FunctionField<HomeOrderRecord>
        source="createTime"
        label="resources.home-order.fields.createTime"
        sortable={false}
        render={(r) => formatDateTime(r.createTime)}
      />
      <FunctionField<HomeOrderRecord> source="startTime" label="resources.home-order.fields.startTime" render={(r) => formatDateTime(r.startTime)} />
      <FunctionField<HomeOrderRecord>
        source="stopTime"
        label="resources.home-order.fields.stopTime"
        sortable={false}
        render={(r) => (r.stopTime ? formatDateTime(r.stopTime) : '—')}
      />
      <FunctionField<HomeOrderRecord>
        source="closeTime"
        label="resources.home-order.fields.closeTime"
        sortable={false}
        render={(r) => (r.closeTime ? formatDateTime(r.closeTime) : '—')}
      />
      <FunctionField<HomeOrderRecord> source="energyKwh" label="resources.home-order.fields.energyKwh" render={(r) => `${r.energyKwh} kWh`} textAlign="right" />
      <FunctionField<HomeOrderRecord>
        source="status"
        label="resources.home-order.fields.status"
        sortable={false}
        render={(r) => translate(`resources.order.values.status.${r.status}`, { _: r.status })}
      />
    </ConfigurableGrid>
  );
}

/** Every home order (`#/HomeStations/AppUserses/orders`, API `home-order`). */
export function HomeOrderList() {
  const translate = useTranslate();
  const filters = useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn />,
      <SelectInput
        key="startType"
        source="startType"
        alwaysOn
        choices={HOME_START_TYPES.map((t) => ({ id: t, name: `resources.home-order.values.startType.${t}` }))}
      />,
      <SelectInput
        key="status"
        source="status"
        choices={['CHARGING', 'FINISHED', 'CLOSED'].map((s) => ({ id: s, name: `resources.order.values.status.${s}` }))}
      />,
    ],
    [],
  );
  return (
    <HomeTabs>
      <List
        resource="home-order"
        filters={filters}
        sort={{ field: 'startTime', order: 'DESC' }}
        perPage={20}
        exporter={false}
        actions={
          <TopToolbar>
            <FilterButton />
            <ColumnsButton resource="home-order" />
          </TopToolbar>
        }
        pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
        title={translate('menu.homeAppUsers')}
        empty={false}
        error={<ErrorState />}
      >
        <HomeOrderGrid />
      </List>
    </HomeTabs>
  );
}

/** One member's home orders (`?id=<member id>`). */
export function HomeMemberOrders({ value }: { value: string }) {
  const translate = useTranslate();
  const { data: member } = useGetOne<HomeMemberRecord>('home-app-user', { id: Number(value) });
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" data-testid="home-member-title">
          {member?.nickname ?? '…'}
        </Typography>
        {member && <LevelChip level={member.level} />}
        {member && (
          <Typography variant="body2" color="text.secondary">
            {member.chargerSn}
          </Typography>
        )}
      </Box>
      <List
        resource={`home-app-user/${value}/orders`}
        disableSyncWithLocation
        storeKey={false}
        sort={{ field: 'startTime', order: 'DESC' }}
        perPage={20}
        exporter={false}
        actions={
          <TopToolbar>
            <ColumnsButton resource="home-order" />
          </TopToolbar>
        }
        pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
        title={translate('resources.home-order.tab')}
        empty={false}
        error={<ErrorState />}
      >
        <HomeOrderGrid />
      </List>
    </Box>
  );
}
