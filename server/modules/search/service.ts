/**
 * Global search (requirements §2 "Search": Charger SN, Gateway SN or Station Name; the navbar opens
 * `/Search/Search?ChargerSN=<type>&Search=<term>`). Case-insensitive substring match, scoped to
 * the caller's company; each hit carries what a link to its record needs.
 * With no type, chargers, then gateways, then stations are paged as one list.
 */
import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { SearchHit } from '../../../domain/entities/search.js';
import type { Db } from '../../db/client.js';
import { charger, company, gateway, station } from '../../db/schema.js';
import type { AuthContext } from '../../http/access.js';
import type { Page } from '../../http/envelope.js';
import { likeTerm } from '../../http/paging.js';
import { scopeWhere } from '../../http/scope.js';

export const SEARCH_TYPES = ['chargerSn', 'gatewaySn', 'stationName'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** `chargerSn`, `Charger SN`, `CHARGER_SN` … → `chargerSn` (undefined when not a type). */
export function searchTypeOf(v: string | undefined): SearchType | undefined {
  const k = (v ?? '').replace(/[\s_-]/g, '').toLowerCase();
  return SEARCH_TYPES.find((t) => t.toLowerCase() === k);
}

interface Source {
  count(): Promise<number>;
  rows(limit: number, offset: number): Promise<SearchHit[]>;
}

function chargers(db: Db, auth: AuthContext, term: string): Source {
  const where = and(scopeWhere(auth, charger), ilike(charger.serialNum, likeTerm(term)));
  return {
    count: async () => (await db.select({ n: count() }).from(charger).where(where))[0].n,
    rows: async (limit, offset) => {
      const rows = await db.select({ c: charger, stationName: station.name, companyName: company.name }).from(charger)
        .leftJoin(station, eq(station.id, charger.stationId)).leftJoin(company, eq(company.code, charger.companyCode))
        .where(where).orderBy(asc(charger.serialNum)).limit(limit).offset(offset);
      return rows.map(({ c, stationName, companyName }) => ({
        type: 'charger' as const, id: c.id, name: c.serialNum, serialNum: c.serialNum, stationId: c.stationId, stationName,
        companyCode: c.companyCode, companyName, online: c.online, status: c.lifeStatus,
      }));
    },
  };
}

function gateways(db: Db, auth: AuthContext, term: string): Source {
  const where = and(scopeWhere(auth, gateway), ilike(gateway.serialNum, likeTerm(term)));
  return {
    count: async () => (await db.select({ n: count() }).from(gateway).where(where))[0].n,
    rows: async (limit, offset) => {
      const rows = await db.select({ g: gateway, stationName: station.name, companyName: company.name }).from(gateway)
        .leftJoin(station, eq(station.id, gateway.stationId)).leftJoin(company, eq(company.code, gateway.companyCode))
        .where(where).orderBy(asc(gateway.serialNum)).limit(limit).offset(offset);
      return rows.map(({ g, stationName, companyName }) => ({
        type: 'gateway' as const, id: g.id, name: g.serialNum, serialNum: g.serialNum, stationId: g.stationId, stationName,
        companyCode: g.companyCode, companyName, online: g.online, status: g.lifeStatus,
      }));
    },
  };
}

function stations(db: Db, auth: AuthContext, term: string): Source {
  const where: SQL | undefined = and(scopeWhere(auth, station), ilike(station.name, likeTerm(term)));
  return {
    count: async () => (await db.select({ n: count() }).from(station).where(where))[0].n,
    rows: async (limit, offset) => {
      const rows = await db.select({ s: station, companyName: company.name }).from(station)
        .leftJoin(company, eq(company.code, station.companyCode))
        .where(where).orderBy(asc(station.name), asc(station.id)).limit(limit).offset(offset);
      return rows.map(({ s, companyName }) => ({
        type: 'station' as const, id: s.id, name: s.name, serialNum: null, stationId: s.id, stationName: s.name,
        companyCode: s.companyCode, companyName, online: null, status: s.status,
      }));
    },
  };
}

/** One page of hits for `term` of `type` (all three kinds when undefined). */
export async function search(db: Db, auth: AuthContext, type: SearchType | undefined, term: string, page: number, size: number): Promise<Page<SearchHit>> {
  const all: Record<SearchType, Source> = {
    chargerSn: chargers(db, auth, term), gatewaySn: gateways(db, auth, term), stationName: stations(db, auth, term),
  };
  const sources = type ? [all[type]] : SEARCH_TYPES.map((t) => all[t]);
  const counts = await Promise.all(sources.map((s) => s.count()));
  const records: SearchHit[] = [];
  let offset = (page - 1) * size;
  for (let i = 0; i < sources.length && records.length < size; i++) {
    if (offset >= counts[i]) { offset -= counts[i]; continue; }
    records.push(...await sources[i].rows(size - records.length, offset));
    offset = 0;
  }
  return { records, total: counts.reduce((a, b) => a + b, 0) };
}
