/**
 * The OpenAPI at `/sp/docs/json` is complete and true (issue 10 item 1): every `/sp` route declares
 * its success answer; each read route, called on the demo network, answers exactly its declared
 * schema (no undeclared field, every required field present, the right types); each write route,
 * called with an empty body and unknown ids, answers its declared failure envelope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv } from 'ajv';
import { loadDemoIfEmpty } from '../../fake-db/index.js';
import { build, type TestServer } from '../support/app.js';

type Json = Record<string, unknown>;
interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Json }> }>;
}

/** Every object schema without `additionalProperties` refuses undeclared fields. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, closed(s)])) : closed(v);
  }
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** Routes that do not answer JSON to a plain call: the event stream, files and downloads. */
const NOT_JSON = new Set([
  '/sp/live',
  '/sp/files/{kind}/{name}',
  '/sp/order/export/excel',
  '/sp/order/export/pdf',
  '/sp/order/{id}/invoice',
  '/sp/event/export',
  '/sp/card-user/export',
  '/sp/station-group/export',
  '/sp/diagnostics-request/{id}/file',
  '/sp/report-ticket/{id}/attachment/{attachmentId}',
]);
/** Query parameters a read route needs to answer 200. */
/** Reads that ask a connected charger (GetCompositeSchedule, GetConfiguration, GetLocalListVersion): checked end to end in tests/ocpp/smart-charging.test.ts and tests/ocpp/device-commands.test.ts. */
const ASKS_A_CHARGER = new Set(['/sp/charger/{id}/composite-schedule', '/sp/charger/{id}/configuration', '/sp/charger/{id}/local-list/version']);
const QUERY: Record<string, string> = {
  '/sp/search': 'Search=a',
  '/sp/analytics': 'search=a&period=1y',
  '/sp/order-export-setting': 'companyCode=VOLTA',
  // a demo charger over the last hour (the start is required, and at most a day back)
  '/sp/diagnosis': `serialNum=VOLTA00000000101&startTime=${Date.now() - 3_600_000}`,
  '/sp/firmware-campaign/candidates': 'chargerIds=1,2',
  '/sp/diagnostics-request': 'chargerId=1',
  '/sp/charging-schedule/limits': 'stationId=1',
  // an administrator names the operator whose certificates it reads
  '/sp/security/ca': 'companyCode=VOLTA',
  '/sp/security/certificates': 'companyCode=VOLTA',
};
/** The list whose first record gives a read route's `{id}`. */
const listOf = (path: string) => path.replace(/\/\{id\}.*$/, '');

describe('the OpenAPI description', () => {
  let s: TestServer;
  let token: string;
  let doc: { paths: Record<string, Record<string, Operation>>; components?: Json };
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });

  beforeAll(async () => {
    s = await build('pglite');
    await loadDemoIfEmpty(s.database.db, { now: new Date() });
    token = await s.login();
    doc = (await s.app.inject({ url: '/sp/docs/json' })).json();
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

  const schemaFor = (op: Operation, status: number) => {
    const r = op.responses ?? {};
    const answer = r[String(status)] ?? r[`${String(status)[0]}XX`] ?? r[`${String(status)[0]}xx`] ?? r.default;
    return answer?.content?.['application/json']?.schema;
  };

  /** The mismatches of `body` against `schema` (a missing schema is one). */
  const mismatches = (where: string, schema: Json | undefined, body: unknown): string[] => {
    if (!schema) return [`${where}: no declared schema`];
    const validate = ajv.compile({ ...(closed(schema) as Json), components: doc.components });
    return validate(body) ? [] : [`${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 200)}`];
  };

  it("declares the success answer of every route (the console's /sp and the charging app's /app)", () => {
    const undeclared = operations()
      .filter(({ path, op }) => /^\/(sp|app)\//.test(path) && !Object.values(op.responses?.['200']?.content ?? {}).some((c) => c.schema))
      .map(({ method, path }) => `${method} ${path}`);
    expect(undeclared).toEqual([]);
  });

  it("declares the failure envelope of every route, 4xx and 5xx alike (answersWith or the API's hook for downloads)", () => {
    const failure = (op: Operation, key: string) => op.responses?.[key] ?? op.responses?.[key.toLowerCase()];
    const undeclared = operations()
      .filter(({ path, op }) => /^\/(sp|app)\//.test(path) && !['4XX', '5XX'].every((k) => failure(op, k)?.content?.['application/json']?.schema))
      .map(({ method, path }) => `${method} ${path}`);
    expect(undeclared).toEqual([]);
  });

  it('describes the real answer of every read route on the demo network', async () => {
    const ids = new Map<string, number>();
    const failures: string[] = [];
    for (const { path, method, op } of operations()) {
      if (method !== 'GET' || !path.startsWith('/sp/') || NOT_JSON.has(path) || ASKS_A_CHARGER.has(path) || path.startsWith('/sp/docs')) continue;
      let url = path;
      if (path.includes('{id}')) {
        const list = listOf(path);
        if (!ids.has(list)) {
          const res = await s.app.inject({ url: list, headers: { authorization: `Bearer ${token}` } });
          ids.set(list, res.json().data?.records?.[0]?.id);
        }
        url = url.replace('{id}', String(ids.get(list)));
      }
      if (QUERY[path]) url += `?${QUERY[path]}`;
      const res = await s.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) failures.push(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else failures.push(...mismatches(`GET ${url}`, schemaFor(op, 200), res.json()));
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('describes the failure answer of every write route', async () => {
    const failures: string[] = [];
    for (const { path, method, op } of operations()) {
      if (method === 'GET' || !path.startsWith('/sp/') || path === '/sp/logout' || path === '/sp/login') continue;
      const url = path.replace(/\{\w+\}/g, '999999');
      const res = await s.app.inject({ method: method as 'POST', url, payload: {}, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode >= 500) failures.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      else failures.push(...mismatches(`${method} ${url}`, schemaFor(op, res.statusCode), res.json()));
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
