/** The operator companies the user may write for (`GET /sp/company/select`, cached a minute; [] while loading or refused). */
import { useApi } from './useApi';
import type { CompanyOption } from '../../domain/entities/operator';

export function useCompanies(): CompanyOption[] {
  const { data } = useApi<CompanyOption[]>('company/select', undefined, { staleTime: 60_000 });
  return Array.isArray(data) ? data : [];
}
