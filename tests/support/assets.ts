/**
 * Helpers for the network-asset API tests: a server with two companies, a company user with given
 * menu permissions, a JSON caller, table snapshots (to assert that a refused write changed
 * nothing) and request bodies with sensible defaults (`aStationBody`, `aChargerBody`,
 * `aTemplateBody`).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client.js';
import { account, role } from '../../server/db/schema.js';
import { hashPassword } from '../../server/auth/password.js';
import { build, type TestServer } from './app.js';
import { aCompany } from './builders.js';
import type { Backend } from './db.js';
import { call, type Reply } from './tenants.js';

const uid = (n = 4) => randomBytes(n).toString('hex').toUpperCase();

/** An answer of `/sp/*`: HTTP status and envelope (see `call` in tenants.ts). */
export type Answer = Reply;

export type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => Promise<Answer>;

/** A caller signed in with `token`. */
export function caller(s: TestServer, token: string): Call {
  return (method, url, body) => call(s, method, url, token, body);
}

/** Creates a company account whose role holds `permissions`; returns its token. */
export async function companyUser(s: TestServer, companyCode: string, permissions: string[]): Promise<string> {
  const db = s.database.db;
  const [r] = await db
    .insert(role)
    .values({ name: `Role ${uid()}`, code: `R${uid()}`, companyCode, permissions })
    .returning();
  const username = `user${uid()}`.toLowerCase();
  const password = 'Company-Secret-1';
  await db.insert(account).values({ username, userType: 'STAFF', companyCode, roleId: r.id, passwordHash: await hashPassword(password) });
  return s.login(username, password);
}

/** All rows of a table, for "nothing changed" assertions. */
export async function rowsOf(db: Db, table: PgTable): Promise<unknown[]> {
  return db.select().from(table);
}

/** A test server with two companies, the administrator's caller and a caller of the first company. */
export interface TwoCompanies {
  s: TestServer;
  /** The platform administrator. */
  admin: Call;
  /** A user of company `a` holding the given permissions. */
  acme: Call;
}

/** Starts a server on `backend` with companies `a` and `b` (extra fields of `a` in `aFields`). */
export async function twoCompanies(backend: Backend, a: string, b: string, permissions: string[], aFields: { name?: string } = {}): Promise<TwoCompanies> {
  const s = await build(backend);
  await aCompany(s.database.db, { code: a, ...aFields });
  await aCompany(s.database.db, { code: b });
  return { s, admin: caller(s, await s.login()), acme: caller(s, await companyUser(s, a, permissions)) };
}

/**
 * The opening of an asset suite: registers the hooks that start `twoCompanies(backend, a, b, …)`
 * before the suite's tests and close the server after them. Answers the suite's context, filled
 * in once the `beforeAll` hook has run (read its fields inside hooks and tests only).
 */
export function twoCompanySuite(backend: Backend, a: string, b: string, permissions: string[], aFields: { name?: string } = {}): TwoCompanies {
  const ctx = {} as TwoCompanies;
  beforeAll(async () => {
    Object.assign(ctx, await twoCompanies(backend, a, b, permissions, aFields));
  });
  afterAll(async () => {
    await ctx.s?.close();
  });
  return ctx;
}

/** Asserts that `run` answers `code` and leaves every row of `tables` as it was. */
export async function expectRefused(db: Db, tables: PgTable[], code: number, run: () => Promise<{ code: number }>): Promise<void> {
  const before = await Promise.all(tables.map((t) => rowsOf(db, t)));
  expect((await run()).code).toBe(code);
  expect(await Promise.all(tables.map((t) => rowsOf(db, t)))).toEqual(before);
}

/** A charged template covering the day in three windows. */
export function aTemplateBody(o: Record<string, unknown> = {}) {
  return {
    modelName: 'Peak and off-peak',
    type: 'CHARGED',
    currency: 'EUR',
    serviceFeePerKwh: '0.10',
    serviceTax: '0',
    activated: true,
    taxes: [{ taxName: 'VAT', taxPercentage: '19' }],
    details: [
      { startTime: '00:00', endTime: '07:00', electricityFeePerKwh: '0.20' },
      { startTime: '07:00', endTime: '22:00', electricityFeePerKwh: '0.35' },
      { startTime: '22:00', endTime: '24:00', electricityFeePerKwh: '0.25' },
    ],
    ...o,
  };
}

/** A complete station body priced with `rateTemplateId`. */
export function aStationBody(rateTemplateId: number, o: Record<string, unknown> = {}) {
  return {
    name: `Station ${uid(2)}`,
    status: 'ACTIVE',
    visibility: 'PUBLIC',
    maintainer: 'Maria Lopez',
    maintainerMobile: '+49 170 1234567',
    address: 'Hauptstrasse 1',
    city: 'Berlin',
    country: 'Germany',
    latitude: 52.52,
    longitude: 13.405,
    pricingModel: 'CHARGED',
    rateTemplateId,
    ...o,
  };
}

/** A complete charger body with a fresh 16-character SN. */
export function aChargerBody(o: Record<string, unknown> = {}) {
  return {
    serialNum: `CP${uid(7)}`,
    phase: 'THREE',
    lifeStatus: 'ACTIVE',
    installationDate: '2024-05-01',
    warrantyYears: 2,
    equipmentNumber: `EQ-${uid(2)}`,
    type: 'AC',
    ...o,
  };
}
