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

/** Chargers or gateways whose SN contains `term`, in SN order, with their station and company names. */
function devices(db: Db, auth: AuthContext, term: string, type: 'charger' | 'gateway'): Source {
  const t = type === 'charger' ? charger : gateway;
  const where = and(scopeWhere(auth, t), ilike(t.serialNum, likeTerm(term)));
  return {
    count: async () => (await db.select({ n: count() }).from(t).where(where))[0].n,
    rows: async (limit, offset) => {
      const rows = await db
        .select({ d: t, stationName: station.name, companyName: company.name })
        .from(t)
        .leftJoin(station, eq(station.id, t.stationId))
        .leftJoin(company, eq(company.code, t.companyCode))
        .where(where)
        .orderBy(asc(t.serialNum))
        .limit(limit)
        .offset(offset);
      return rows.map(({ d, stationName, companyName }) => ({
        type,
        id: d.id,
        name: d.serialNum,
        serialNum: d.serialNum,
        stationId: d.stationId,
        stationName,
        companyCode: d.companyCode,
        companyName,
        online: d.online,
        status: d.lifeStatus,
      }));
    },
  };
}

function stations(db: Db, auth: AuthContext, term: string): Source {
  const where: SQL | undefined = and(scopeWhere(auth, station), ilike(station.name, likeTerm(term)));
  return {
    count: async () => (await db.select({ n: count() }).from(station).where(where))[0].n,
    rows: async (limit, offset) => {
      const rows = await db
        .select({ s: station, companyName: company.name })
        .from(station)
        .leftJoin(company, eq(company.code, station.companyCode))
        .where(where)
        .orderBy(asc(station.name), asc(station.id))
        .limit(limit)
        .offset(offset);
      return rows.map(({ s, companyName }) => ({
        type: 'station' as const,
        id: s.id,
        name: s.name,
        serialNum: null,
        stationId: s.id,
        stationName: s.name,
        companyCode: s.companyCode,
        companyName,
        online: null,
        status: s.status,
      }));
    },
  };
}

/** One page of hits for `term` of `type` (all three kinds when undefined). */
export async function search(db: Db, auth: AuthContext, type: SearchType | undefined, term: string, page: number, size: number): Promise<Page<SearchHit>> {
  const all: Record<SearchType, Source> = {
    chargerSn: devices(db, auth, term, 'charger'),
    gatewaySn: devices(db, auth, term, 'gateway'),
    stationName: stations(db, auth, term),
  };
  const sources = type ? [all[type]] : SEARCH_TYPES.map((t) => all[t]);
  const counts = await Promise.all(sources.map((s) => s.count()));
  const records: SearchHit[] = [];
  let offset = (page - 1) * size;
  for (let i = 0; i < sources.length && records.length < size; i++) {
    if (offset >= counts[i]) {
      offset -= counts[i];
      continue;
    }
    records.push(...(await sources[i].rows(size - records.length, offset)));
    offset = 0;
  }
  return { records, total: counts.reduce((a, b) => a + b, 0) };
}
