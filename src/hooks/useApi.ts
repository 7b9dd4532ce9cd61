/**
 * Reads a non-CRUD `/sp` call (dashboard, selects, notifications) through the data provider's
 * `fetchData`, cached by react-query under `['sp', path, query]`, and sends actions with
 * {@link useSpCall}. Errors go through the auth provider's checkError (401 → login) like
 * react-admin's own queries, and always reach the caller as errors: react-admin's data-provider
 * proxy (`useDataProvider`) answers a 401 with `{ data: {} }` as if it had succeeded, which a page
 * then reads as data of the wrong shape (`series is not iterable`), so these hooks use the
 * provider itself.
 */
import { useCallback, useContext } from 'react';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { DataProviderContext, useLogoutIfAccessDenied } from 'react-admin';
import type { ChargeDeskDataProvider, QueryValue } from '../../dataProvider';

/** The console's data provider as given to `<Admin>`, without react-admin's proxy. */
export function useSpProvider(): ChargeDeskDataProvider {
  return useContext(DataProviderContext) as ChargeDeskDataProvider;
}

export function useApi<T>(path: string, query?: Record<string, QueryValue>, options?: Omit<UseQueryOptions<T, Error, T>, 'queryKey' | 'queryFn'>) {
  const dataProvider = useSpProvider();
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

/**
 * Runs `job` with the console's data provider (without react-admin's proxy): a failure, 401
 * included, goes through the auth provider's checkError (401 → sign-in page) and still rejects,
 * so the caller shows an error and never a success. For actions that are not a single call
 * (a count then a download, a paged export).
 */
export function useSpRun() {
  const dataProvider = useSpProvider();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useCallback(
    async <T>(job: (provider: ChargeDeskDataProvider) => Promise<T>): Promise<T> => {
      try {
        return await job(dataProvider);
      } catch (e) {
        await logoutIfAccessDenied(e);
        throw e;
      }
    },
    [dataProvider, logoutIfAccessDenied],
  );
}

/** `<method> /sp/<path>` with a body, answering `data`; a failure (401 included) rejects after checkError. */
export function useSpCall() {
  const run = useSpRun();
  return useCallback(
    <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> => run((provider) => provider.call<T>(method, path, body)),
    [run],
  );
}

/** `GET /sp/<path>?<query>` once (not cached, unlike {@link useApi}); a failure (401 included) rejects after checkError. */
export function useSpFetch() {
  const run = useSpRun();
  return useCallback(<T>(path: string, query?: Record<string, QueryValue>): Promise<T> => run((provider) => provider.fetchData<T>(path, query)), [run]);
}
