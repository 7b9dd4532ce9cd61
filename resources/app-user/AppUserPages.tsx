/**
 * The app user pages under the spec's path `/ChargerUsers/AppUsers`: the list, or with
 * `?id=<app user id>` the user's balance record view (spec §2) with an order history tab.
 * The react-admin resource is the API's (`app-user`).
 */
import { useState } from 'react';
import { ResourceContextProvider, useTranslate } from 'react-admin';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { Box, Tab, Tabs } from '@mui/material';
import { BalanceRecords, BalanceRecordTable } from '../balance/BalanceRecords';
import { AppUserList } from './AppUserList';
import { AppUserOrders } from './AppUserOrders';
import type { AppUserRecord } from './types';

function AppUserDetailTabs({ user }: { user: AppUserRecord }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<'balance' | 'orders'>('balance');
  return (
    <>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
        <Tabs value={tab} onChange={(_e, v: 'balance' | 'orders') => setTab(v)}>
          <Tab value="balance" label={translate('resources.balance.title')} data-testid="app-user-tab-balance" />
          <Tab value="orders" label={`${translate('resources.app-user.tabs.orders')} (${user.orderCount})`} data-testid="app-user-tab-orders" />
        </Tabs>
      </Box>
      {tab === 'balance' ? <BalanceRecordTable resource="app-user" id={user.id} currency={user.currency} /> : <AppUserOrders id={user.id} />}
    </>
  );
}

function AppUserIndex() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (Number.isInteger(id) && id > 0) {
    return (
      <BalanceRecords<AppUserRecord>
        resource="app-user"
        id={id}
        title={(r) => <>{r.nickname || r.fullName || `#${r.id}`}{r.mobile ? ` · ${r.mobile}` : ''}</>}
      >
        {(user) => <AppUserDetailTabs user={user} />}
      </BalanceRecords>
    );
  }
  return <AppUserList />;
}

export default function AppUserPages() {
  return (
    <ResourceContextProvider value="app-user">
      <Routes>
        <Route index element={<AppUserIndex />} />
      </Routes>
    </ResourceContextProvider>
  );
}
