/**
 * Dashboard data: `GET /sp/dashboard?companyCode=` (the navbar's operator choice), refreshed on
 * live `charger`/`order` events (at most once per 2 s) and every 30 s.
 */
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../../hooks/useApi';
import { useLiveEvents } from '../../hooks/useLiveEvents';
import type { OrderRecord } from '../../../domain/entities/order';
import type { DashboardState } from '../../../domain/enums';

export interface MonthCounts {
  total: number;
  thisMonth: number;
  lastMonth: number;
}

export interface Amount {
  currency: string;
  amount: string;
}

export interface DashboardData {
  stations: number;
  chargers: number;
  chargersInUse: number;
  faultyChargers: number;
  split: Record<DashboardState, number>;
  orders: { count: number; paid: number; unpaid: number; energyKwh: string; revenue: Amount[]; profit: Amount[] };
  cardUsers: MonthCounts;
  appUsers: MonthCounts;
  ordersThisMonth: number;
  ordersLastMonth: number;
  recentOrders: OrderRecord[];
  energyByDay: Array<{ day: string; energyKwh: string; orders: number }>;
}

export function useDashboard() {
  const [params] = useSearchParams();
  const companyCode = params.get('companyCode') || undefined;
  const query = useApi<DashboardData>('dashboard', { companyCode }, { placeholderData: (prev) => prev });
  const live = useLiveEvents(() => void query.refetch());
  return { ...query, live };
}
