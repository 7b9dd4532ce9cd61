/**
 * Reads a non-CRUD `/sp` call (dashboard, selects, notifications) through the data provider's
 * `fetchData`, cached by react-query under `['sp', path, query]`. Errors go through the auth
 * provider's checkError (401 → login) like react-admin's own queries.
 */
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useDataProvider, useLogoutIfAccessDenied } from 'react-admin';
import type { ChargeDeskDataProvider, QueryValue } from '../../dataProvider';

export function useApi<T>(
  path: string,
  query?: Record<string, QueryValue>,
  options?: Omit<UseQueryOptions<T, Error, T>, 'queryKey' | 'queryFn'>,
) {
  const dataProvider = useDataProvider<ChargeDeskDataProvider>();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useQuery<T, Error, T>({
    queryKey: ['sp', path, query ?? {}],
    queryFn: async () => {
      try {
        return await dataProvider.fetchData<T>(path, query);
      } catch (e) {
        await logoutIfAccessDenied(e);
        throw e;
      }
    },
    retry: false,
    ...options,
  });
}
