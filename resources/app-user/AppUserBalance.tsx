/**
 * The balance record view of one app user (requirements §2 `/ChargerUsers/AppUsers?id=<app user id>`)
 * with an order history tab; a value that is not a positive integer shows the list instead.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Tab, Tabs } from '@mui/material';
import { BalanceRecords, BalanceRecordTable } from '../../src/components/balance/BalanceRecords';
import { AppUserList } from './AppUserList';
import { AppUserOrders } from './AppUserOrders';
import type { AppUserRecord } from '../../domain/entities/app-user';

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

export function AppUserBalance({ value }: { value: string }) {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) return <AppUserList />;
  return (
    <BalanceRecords<AppUserRecord>
      resource="app-user"
      id={id}
      title={(r) => (
        <>
          {r.nickname || r.fullName || `#${r.id}`}
          {r.mobile ? ` · ${r.mobile}` : ''}
        </>
      )}
    >
      {(user) => <AppUserDetailTabs user={user} />}
    </BalanceRecords>
  );
}
