/**
 * The react-admin data provider for the `/sp/*` API (requirements §12). A factory taking its HTTP
 * client, so tests hand it a client over a fake `fetch`. Resource names are API paths
 * (`order`, `charger`, `station`, `company/user`, …), or names its `api` option maps to them.
 *
 * - getList / getManyReference → `GET /sp/<resource>?page&size&sort&order=asc|desc&<filters>`
 *   answering `{ records, total }`; array filters go as repeated keys; other fields of the page
 *   answer come back as the list's `meta`.
 * - getOne → `GET /sp/<resource>/{id}`; getMany → one getOne per id (in parallel).
 * - create → `POST /sp/<resource>`; update → `PUT /sp/<resource>/{id}`; delete → `DELETE …/{id}`;
 *   updateMany / deleteMany → one call per id. `meta.path` on an update names a sub-path:
 *   `update('charger', { id: 3, data: { active: false }, meta: { path: 'status' } })` →
 *   `PUT /sp/charger/3/status` (the status switches go through react-admin's `useUpdate`).
 * - `meta.query` (any call) → extra query values, e.g. `create('rate-template', { data, meta:
 *   { query: { context: 'station' } } })` → `POST /sp/rate-template?context=station`.
 * - select (custom) → `GET /sp/<resource>` answering a plain array (e.g. `company/select`).
 * - call (custom) → any method on a `/sp` path with a body, answering `data` (actions such as
 *   `POST charger/{id}/ocpp-password` or `PUT rate-template/{id}/status`).
 */
import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import type { HttpClient, QueryValue } from './httpClient';

export interface Paged<T> {
  records: T[];
  total: number;
}

export interface ChargeDeskDataProvider extends DataProvider {
  /** `GET /sp/<path>` with a query, answering `data` as is (dashboards, selects). */
  fetchData<T = unknown>(path: string, query?: Record<string, QueryValue>): Promise<T>;
  /** `<method> /sp/<path>` with a JSON body, answering `data` (actions). */
  call<T = unknown>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

const enc = (id: Identifier) => encodeURIComponent(String(id));

/** The sub-path of an update: `meta.path` (letters, digits, `-`, `/`), e.g. `status`; '' when none. */
export function metaPath(meta: unknown): string {
  const p = (meta as { path?: unknown } | null | undefined)?.path;
  return typeof p === 'string' && /^[A-Za-z0-9/-]+$/.test(p) ? `/${p.replace(/^\/+/, '')}` : '';
}

/** The extra query of a call: `meta.query` when it is an object (arrays, nulls and non-objects ignored). */
export function metaQuery(meta: unknown): Record<string, QueryValue> | undefined {
  const q = (meta as { query?: unknown } | null | undefined)?.query;
  return q && typeof q === 'object' && !Array.isArray(q) ? filterQuery(q as Record<string, unknown>) : undefined;
}

/** Flattens react-admin filters into query values (objects are dropped, arrays kept). */
function filterQuery(filter: Record<string, unknown> | undefined): Record<string, QueryValue> {
  const out: Record<string, QueryValue> = {};
  for (const [k, v] of Object.entries(filter ?? {})) {
    if (Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'object' ? String(x) : (x as string | number | boolean)));
    else if (v === null || v === undefined || typeof v !== 'object') out[k] = v as QueryValue;
    else if (v instanceof Date) out[k] = v.toISOString();
  }
  return out;
}

function listQuery(params: {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
  meta?: unknown;
}): Record<string, QueryValue> {
  const q: Record<string, QueryValue> = { ...filterQuery(params.filter), ...metaQuery(params.meta) };
  if (params.pagination) {
    q.page = params.pagination.page;
    q.size = params.pagination.perPage;
  }
  if (params.sort?.field) {
    q.sort = params.sort.field;
    q.order = params.sort.order?.toUpperCase() === 'DESC' ? 'desc' : 'asc';
  }
  return q;
}

/** Normalises a page answer; a plain array is accepted as a page with total = length. */
function asPage<T>(data: Paged<T> | T[] | null | undefined): Paged<T> {
  if (Array.isArray(data)) return { records: data, total: data.length };
  return { records: data?.records ?? [], total: Number(data?.total ?? 0) };
}

/**
 * Whatever a page answer carries beside `records` and `total` (e.g. the charger list's `split`),
 * as the list's `meta`, so figures computed with the rows reach the page from the same answer.
 */
function pageMeta(data: unknown): { meta?: Record<string, unknown> } {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const { records: _records, total: _total, ...rest } = data as Record<string, unknown>;
  return Object.keys(rest).length ? { meta: rest } : {};
}

/**
 * Creates the data provider over `http`. `api` turns a react-admin resource name into its API
 * path under `/sp/` (the console names resources after their spec paths, src/resources/names.ts:
 * `System/Menu` → `menu`); by default the name is the API path.
 */
export function createDataProvider(http: HttpClient, api: (resource: string) => string = (r) => r): ChargeDeskDataProvider {
  return {
    async getList(resource, params) {
      const raw = await http<Paged<RaRecord> | RaRecord[]>(`/${api(resource)}`, { query: listQuery(params), signal: params.signal });
      const page = asPage<RaRecord>(raw);
      return { data: page.records, total: page.total, ...pageMeta(raw) };
    },
    async getOne(resource, params) {
      const data = await http<RaRecord>(`/${api(resource)}/${enc(params.id)}`, { query: metaQuery(params.meta), signal: params.signal });
      return { data };
    },
    async getMany(resource, params) {
      const data = await Promise.all(
        params.ids.map((id) => http<RaRecord>(`/${api(resource)}/${enc(id)}`, { query: metaQuery(params.meta), signal: params.signal })),
      );
      return { data };
    },
    async getManyReference(resource, params) {
      const query = listQuery({ ...params, filter: { ...params.filter, [params.target]: params.id } });
      const page = asPage<RaRecord>(await http<Paged<RaRecord> | RaRecord[]>(`/${api(resource)}`, { query, signal: params.signal }));
      return { data: page.records, total: page.total };
    },
    async create(resource, params) {
      const data = await http<RaRecord>(`/${api(resource)}`, { method: 'POST', query: metaQuery(params.meta), body: params.data });
      return { data: { ...params.data, ...data } as RaRecord };
    },
    async update(resource, params) {
      const data = await http<RaRecord | null>(`/${api(resource)}/${enc(params.id)}${metaPath(params.meta)}`, {
        method: 'PUT',
        query: metaQuery(params.meta),
        body: params.data,
      });
      return { data: { id: params.id, ...params.data, ...(data ?? {}) } as RaRecord };
    },
    async updateMany(resource, params) {
      await Promise.all(params.ids.map((id) => http(`/${api(resource)}/${enc(id)}`, { method: 'PUT', query: metaQuery(params.meta), body: params.data })));
      return { data: params.ids };
    },
    async delete(resource, params) {
      await http(`/${api(resource)}/${enc(params.id)}`, { method: 'DELETE', query: metaQuery(params.meta) });
      return { data: (params.previousData ?? { id: params.id }) as RaRecord };
    },
    async deleteMany(resource, params) {
      await Promise.all(params.ids.map((id) => http(`/${api(resource)}/${enc(id)}`, { method: 'DELETE', query: metaQuery(params.meta) })));
      return { data: params.ids };
    },
    async fetchData<T>(path: string, query?: Record<string, QueryValue>) {
      return http<T>(`/${path.replace(/^\//, '')}`, { query });
    },
    async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) {
      return http<T>(`/${path.replace(/^\//, '')}`, { method, body });
    },
  } as ChargeDeskDataProvider;
}

export { createHttpClient, toQueryString, errorCode } from './httpClient';
export type { HttpClient, Envelope, QueryValue } from './httpClient';
