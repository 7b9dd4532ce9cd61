/**
 * A test server on the demo network (fake-db): the administrator's and the demo operators'
 * staff tokens, and a GET as one of them.
 */
import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD, loadDemoIfEmpty } from '../../fake-db/index.js';
import { build, type TestServer } from './app.js';
import type { Backend } from './db.js';

/** The server and the bearer tokens of its users. */
export interface DemoServer {
  s: TestServer;
  /** The platform administrator. */
  admin: string;
  /** Staff of the demo operator VOLTA. */
  volta: string;
  /** The administrator of the demo operator VOLTA (company-wide settings, R6.8). */
  voltaAdmin: string;
  /** Staff of the demo operator HKEV. */
  hkev: string;
}

/** Starts a server on `backend`, loads the demo network and signs its users in. */
export async function demoServer(backend: Backend): Promise<DemoServer> {
  const s = await build(backend);
  await loadDemoIfEmpty(s.database.db);
  return {
    s,
    admin: await s.login(),
    volta: await s.login('volta.staff', DEMO_PASSWORD),
    voltaAdmin: await s.login('volta.admin', DEMO_PASSWORD),
    hkev: await s.login('hkev.staff', DEMO_PASSWORD),
  };
}

/** `GET url` on `s` as the holder of `token` (extra request headers in `headers`). */
export function getAs(s: TestServer, token: string, url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });
}

/** {@link getAs}, answering the HTTP status and the parsed JSON body. */
// biome-ignore lint/suspicious/noExplicitAny: the body is whatever JSON the route answers; tests read arbitrary fields from it
export async function getJson(s: TestServer, token: string, url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  const res = await getAs(s, token, url, headers);
  return { status: res.statusCode, body: res.json() };
}
