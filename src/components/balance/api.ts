/**
 * Action calls (`POST /sp/<path>` with a JSON body) through the data provider: its `create`
 * posts to `/<resource>`, so an action path such as `card-user/5/recharge` is sent as is and the
 * answer's `data` comes back. Errors are the provider's HttpError (server message, user language).
 */
import type { DataProvider } from 'react-admin';

export async function postAction<T = Record<string, unknown>>(dataProvider: DataProvider, path: string, body: Record<string, unknown> = {}): Promise<T> {
  const { data } = await dataProvider.create(path, { data: body });
  return data as unknown as T;
}
