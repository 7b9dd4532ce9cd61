import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createDataProvider } from '../../../dataProvider';
import { createHttpClient, errorCode, toQueryString } from '../../../dataProvider/httpClient';

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake fetch answering `answer(url, init)` with the given envelope and HTTP status. */
function fakeFetch(answer: (url: string, init: RequestInit) => { status?: number; body: unknown } | Error) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const a = answer(url, init);
    if (a instanceof Error) throw a;
    return new Response(JSON.stringify(a.body), { status: a.status ?? 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const ok = (data: unknown) => ({ body: { code: 200, msg: 'Success', data } });

function setup(answer: Parameters<typeof fakeFetch>[0], token: string | null = 'tok') {
  const f = fakeFetch(answer);
  const http = createHttpClient({ fetch: f.fetch, getToken: () => token, getLanguage: () => 'zh-CN', getTimeZone: () => 'Asia/Shanghai' });
  return { dp: createDataProvider(http), calls: f.calls };
}

describe('toQueryString', () => {
  it('repeats keys for arrays and drops empty values', () => {
    expect(toQueryString({ status: ['CHARGING', 'FINISHED'], q: '', a: undefined, b: null, page: 1 })).toBe('?status=CHARGING&status=FINISHED&page=1');
    expect(toQueryString({})).toBe('');
  });
});

describe('dataProvider', () => {
  it('getList maps page, size, sort, order and filters, and reads records/total', async () => {
    const { dp, calls } = setup(() => ok({ records: [{ id: 1 }, { id: 2 }], total: 42 }));
    const res = await dp.getList('order', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'chargerStartTime', order: 'DESC' },
      filter: { status: ['CHARGING', 'CLOSED'], q: 'abc', paid: 'true' },
    });
    expect(res).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42 });
    const url = new URL(calls[0].url, 'http://x');
    expect(url.pathname).toBe('/sp/order');
    expect(url.searchParams.getAll('status')).toEqual(['CHARGING', 'CLOSED']);
    expect(url.searchParams.get('page')).toBe('3');
    expect(url.searchParams.get('size')).toBe('20');
    expect(url.searchParams.get('sort')).toBe('chargerStartTime');
    expect(url.searchParams.get('order')).toBe('desc');
    expect(url.searchParams.get('q')).toBe('abc');
    expect(url.searchParams.get('paid')).toBe('true');
  });

  it('getList hands figures sent beside the rows (the charger split) to the list as meta', async () => {
    const split = { available: 1, charging: 2, occupied: 0, faulty: 0, offline: 3 };
    const { dp, calls } = setup(() => ok({ records: [{ id: 1 }], total: 6, split }));
    const res = await dp.getList('charger', {
      pagination: { page: 1, perPage: 20 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
      meta: { query: { split: true } },
    });
    expect(res).toEqual({ data: [{ id: 1 }], total: 6, meta: { split } });
    expect(new URL(calls[0].url, 'http://x').searchParams.get('split')).toBe('true');
  });

  it('sends the token, time zone, language and credentials', async () => {
    const { dp, calls } = setup(() => ok({ records: [], total: 0 }));
    await dp.getList('charger', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok');
    expect(headers['Time-Zone']).toBe('Asia/Shanghai');
    expect(headers['Accept-Language']).toBe('zh-CN');
    expect(calls[0].init.credentials).toBe('include');
  });

  it('omits Authorization without a token', async () => {
    const { dp, calls } = setup(() => ok({ records: [], total: 0 }), null);
    await dp.getList('charger', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect((calls[0].init.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('turns a non-200 envelope into an HttpError carrying the server message and code', async () => {
    const { dp } = setup(() => ({ status: 403, body: { code: 709, msg: '不能查询其他公司的数据', data: null } }));
    const err = await dp
      .getList('order', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: { companyCode: 'X' } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.message).toBe('不能查询其他公司的数据');
    expect(err.status).toBe(403);
    expect(errorCode(err)).toBe(709);
  });

  it('passes field errors along for forms', async () => {
    const { dp } = setup(() => ({ status: 400, body: { code: 400, msg: 'Parameter error', data: { errors: { name: 'resources.station.errors.name' } } } }));
    const err = await dp.create('station', { data: { name: '' } }).catch((e) => e);
    expect(err.body.errors).toEqual({ name: 'resources.station.errors.name' });
  });

  it('reports a network failure with a translatable message', async () => {
    const { dp } = setup(() => new TypeError('Failed to fetch'));
    const err = await dp.getOne('order', { id: 1 }).catch((e) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect(err.message).toBe('app.error.network');
    expect(err.status).toBe(0);
  });

  it('maps getOne, create, update (a status sub-path too), delete to their calls', async () => {
    const { dp, calls } = setup((_url, init) => {
      if (init.method === 'POST') return ok({ id: 9, name: 'S' });
      if (init.method === 'DELETE') return ok(null);
      if (init.method === 'PUT') return ok(null);
      return ok({ id: 5, name: 'five' });
    });
    expect((await dp.getOne('station', { id: 5 })).data).toEqual({ id: 5, name: 'five' });
    expect((await dp.create('station', { data: { name: 'S' } })).data).toEqual({ id: 9, name: 'S' });
    expect((await dp.update('station', { id: 5, data: { name: 'n' }, previousData: { id: 5 } })).data).toEqual({ id: 5, name: 'n' });
    await dp.delete('station', { id: 5, previousData: { id: 5 } });
    await dp.deleteMany('station', { ids: [6, 7] });
    await dp.update('charger', { id: 3, data: { active: false }, previousData: { id: 3 }, meta: { path: 'status' } });
    const summary = calls.map((c) => `${c.init.method} ${c.url}`);
    expect(summary).toEqual([
      'GET /sp/station/5',
      'POST /sp/station',
      'PUT /sp/station/5',
      'DELETE /sp/station/5',
      'DELETE /sp/station/6',
      'DELETE /sp/station/7',
      'PUT /sp/charger/3/status',
    ]);
    expect(JSON.parse(String(calls[1].init.body))).toEqual({ name: 'S' });
    expect(JSON.parse(String(calls[6].init.body))).toEqual({ active: false });
  });

  it('sends meta.query as query values on writes and reads (rate template ?context=station)', async () => {
    const { dp, calls } = setup((_url, init) => (init.method === 'GET' ? ok({ records: [], total: 0 }) : ok({ id: 3, modelName: 'T' })));
    const meta = { query: { context: 'station' } };
    expect((await dp.create('rate-template', { data: { modelName: 'T' }, meta })).data).toEqual({ id: 3, modelName: 'T' });
    await dp.update('rate-template', { id: 3, data: { modelName: 'T' }, previousData: { id: 3 }, meta });
    await dp.create('rate-template', { data: { modelName: 'T' } });
    await dp.create('rate-template', { data: {}, meta: { query: 'context=station' } });
    await dp.getList('rate-template', {
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: { type: 'CHARGED' },
      meta: { query: { context: 'station' } },
    });
    expect(calls.map((c) => `${c.init.method} ${c.url}`)).toEqual([
      'POST /sp/rate-template?context=station',
      'PUT /sp/rate-template/3?context=station',
      'POST /sp/rate-template',
      'POST /sp/rate-template',
      'GET /sp/rate-template?type=CHARGED&context=station&page=1&size=5&sort=id&order=asc',
    ]);
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ modelName: 'T' });
  });

  it('getManyReference filters by the target; getMany reads each id', async () => {
    const { dp, calls } = setup((url) => (url.includes('?') ? ok({ records: [{ id: 1 }], total: 1 }) : ok({ id: Number(url.split('/').pop()) })));
    const ref = await dp.getManyReference('order', {
      target: 'stationId',
      id: 4,
      pagination: { page: 1, perPage: 5 },
      sort: { field: 'id', order: 'ASC' },
      filter: {},
    });
    expect(ref.total).toBe(1);
    expect(new URL(calls[0].url, 'http://x').searchParams.get('stationId')).toBe('4');
    const many = await dp.getMany('station', { ids: [1, 2] });
    expect(many.data.map((r) => r.id)).toEqual([1, 2]);
  });

  it('accepts a plain array answer as a page (selects)', async () => {
    const { dp } = setup(() => ok([{ id: 'A' }, { id: 'B' }]));
    const res = await dp.getList('company/select', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(res.total).toBe(2);
  });
});
