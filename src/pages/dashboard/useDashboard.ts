/**
 * Dashboard data: `GET /sp/dashboard?companyCode=` (the navbar's operator choice), refreshed on
 * live `charger`/`order` events (at most once per 2 s) and every 30 s.
 */
import { useSearchParams } from 'react-router-dom';
import { useApi } from '../../hooks/useApi';
import { useLiveEvents } from '../../hooks/useLiveEvents';
import type { DashboardAnswer } from '../../../domain/entities/dashboard';

/** `GET /sp/dashboard` (domain/entities/dashboard.ts). */
export type DashboardData = DashboardAnswer;
export type { CurrencyAmount as Amount } from '../../../domain/entities/statistics';

export function useDashboard() {
  const [params] = useSearchParams();
  const companyCode = params.get('companyCode') || undefined;
  const query = useApi<DashboardData>('dashboard', { companyCode }, { placeholderData: (prev) => prev });
  const live = useLiveEvents(() => void query.refetch());
  return { ...query, live };
}
