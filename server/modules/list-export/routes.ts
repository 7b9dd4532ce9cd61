/**
 * List exports (docs/exports.md): `GET /sp/<resource>/export?<the list's filters>&sort&order[&size=n]`
 * answers the list's rows as a streamed Excel workbook. Every export reads its rows through the
 * list's own service (same filters, same company and station scope, same sort) in pages of
 * {@link EXPORT_PAGE_ROWS}, at most {@link LIST_EXPORT_MAX} rows (710 when more would be
 * exported, 704 when `size` is above it), with the column headers and coded values of the labels
 * the console shows (domain/labels/*) in the caller's language (`language` cookie /
 * Accept-Language) and times in the `Time-Zone` header's zone. Permission: the list's.
 * Orders (`/sp/order/export/*`, with PDF) and events (`/sp/event/export`) keep their own routes.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { authOf, type AuthContext } from '../../http/access.js';
import { langOf, type Page } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { pageQuery, type PageQuery } from '../../http/paging.js';
import { timeZoneOf } from '../../http/time-zone.js';
import { failureEnvelope, fileAnswer } from '../../../domain/entities/api.js';
import { cardUserFilters, type CardUserRecord } from '../../../domain/entities/card-user.js';
import type { Lang } from '../../../domain/errors.js';
import { labelIn, type LabelTable } from '../../../domain/labels/index.js';
import { CARD_USER_LABELS } from '../../../domain/labels/card-user.js';
import { STATION_GROUP_LABELS } from '../../../domain/labels/station-group.js';
import { stationGroupFilters, type StationGroupRecord } from '../../../domain/entities/station-group.js';
import { listGroups } from '../station-group/service.js';
import { PERMISSIONS, type MenuPermission } from '../../../domain/permissions.js';
import type { SheetCell } from '../../../domain/spreadsheet.js';
import { listCardUsers } from '../card-user/service.js';
import { localTime } from '../order-export/index.js';
import { streamSheet } from './sheet.js';

/** Most rows of one list export (code 710 above, as for orders and events). */
export const LIST_EXPORT_MAX = 50_000;
/** Rows read per list query while streaming (the lists' largest page). */
export const EXPORT_PAGE_ROWS = 500;

/** How one cell is written: the record, the caller's language and time zone, and the resource's labels. */
interface CellContext {
  lang: Lang;
  tz: string;
  /** A coded value's label (`values.<key>`), the value itself when the table has none. */
  value: (key: string) => string;
}

/** A column of an export: the record field whose label (`fields.<key>`) heads it, and its cell. */
export interface ExportColumn<R> {
  key: string;
  width?: number;
  cell: (r: R, c: CellContext) => SheetCell;
}

/**
 * One list export: the resource (API path), the list's permission, filters and service, the
 * labels its headers come from, and its columns in order.
 */
export interface ListExport<R, F extends z.ZodRawShape> {
  resource: string;
  permission: MenuPermission;
  filters: z.ZodObject<F>;
  list: (db: Db, auth: AuthContext, q: z.infer<z.ZodObject<F>> & PageQuery) => Promise<Page<R>>;
  labels: LabelTable;
  columns: readonly ExportColumn<R>[];
}

/** The card users of the list (requirements §3 "Card user"; the console's "Export Excel"). */
const cardUsers: ListExport<CardUserRecord, typeof cardUserFilters.shape> = {
  resource: 'card-user',
  permission: PERMISSIONS.chargerUsers.cardUsers,
  filters: cardUserFilters,
  list: listCardUsers,
  labels: CARD_USER_LABELS,
  columns: [
    { key: 'cardNumber', width: 20, cell: (r) => r.cardNumber },
    { key: 'lastName', cell: (r) => r.lastName },
    { key: 'firstName', cell: (r) => r.firstName },
    { key: 'companyName', cell: (r) => r.companyName ?? r.companyCode },
    { key: 'mobile', cell: (r) => r.mobile },
    { key: 'email', width: 24, cell: (r) => r.email },
    { key: 'scope', cell: (r, c) => c.value(`scope.${r.scope}`) },
    { key: 'stationIds', cell: (r) => (r.scope === 'STATIONS' ? r.stationIds.join(', ') : '') },
    { key: 'managerCard', cell: (r, c) => c.value(`bool.${r.managerCard}`) },
    { key: 'active', cell: (r, c) => c.value(`active.${r.active}`) },
    { key: 'expiryDate', width: 21, cell: (r, c) => localTime(r.expiryDate, c.tz) },
    { key: 'balance', cell: (r) => Number(r.balance) },
    { key: 'currency', cell: (r) => r.currency },
    { key: 'createTimeStamp', width: 21, cell: (r, c) => localTime(r.createTimeStamp, c.tz) },
  ],
};

/** The station groups of the list (requirements §3 "Station group"). */
const stationGroups: ListExport<StationGroupRecord, typeof stationGroupFilters.shape> = {
  resource: 'station-group',
  permission: PERMISSIONS.stations.groups,
  filters: stationGroupFilters,
  list: listGroups,
  labels: STATION_GROUP_LABELS,
  columns: [
    { key: 'name', width: 24, cell: (r) => r.name },
    { key: 'companyName', cell: (r) => r.companyName },
    { key: 'companyCode', cell: (r) => r.companyCode },
    { key: 'isDefault', cell: (r, c) => c.value(`isDefault.${r.isDefault}`) },
    { key: 'stationCount', cell: (r) => r.stationCount },
    { key: 'remark', width: 30, cell: (r) => r.remark },
    { key: 'createdAt', width: 21, cell: (r, c) => localTime(r.createdAt, c.tz) },
  ],
};

/** A declaration ready to mount, its record and filter types hidden. */
interface MountedExport {
  resource: string;
  mount: (app: FastifyInstance) => void;
}
const mounted = <R, F extends z.ZodRawShape>(x: ListExport<R, F>): MountedExport => ({ resource: x.resource, mount: (app) => register(app, x) });

/** Every list export, one declaration each. */
export const LIST_EXPORTS: readonly MountedExport[] = [mounted(cardUsers), mounted(stationGroups)];

/** The query of an export: the list's filters, its sort, and an optional row count. */
function exportQuery<F extends z.ZodRawShape>(filters: z.ZodObject<F>) {
  return filters.extend({
    sort: pageQuery.shape.sort,
    order: pageQuery.shape.order,
    /** Export at most this many rows (the first of the sorted list). */
    size: z.coerce.number().int().min(1).optional(),
  });
}

/** Registers `GET /sp/<resource>/export` for one declaration. */
function register<R, F extends z.ZodRawShape>(app: FastifyInstance, x: ListExport<R, F>): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `/${x.resource}/export`,
    {
      config: { permission: x.permission },
      schema: {
        tags: [x.resource],
        querystring: exportQuery(x.filters),
        response: {
          200: fileAnswer('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', `The ${x.resource} list as a spreadsheet`),
          '4xx': failureEnvelope,
          '5xx': failureEnvelope,
        },
      },
    },
    async (req, reply) => {
      const auth = authOf(req);
      const { size, ...rest } = req.query as Record<string, unknown> & { size?: number };
      if (size !== undefined && size > LIST_EXPORT_MAX) throw new AppError(704, 'size');
      const base = rest as z.infer<z.ZodObject<F>> & { sort?: string; order?: PageQuery['order'] };
      // The first page checks the filters, scope and sort (the list's own errors) and counts the rows.
      const first = await x.list(app.db, auth, { ...base, page: 1, size: EXPORT_PAGE_ROWS });
      const rows = Math.min(size ?? first.total, first.total);
      if (rows > LIST_EXPORT_MAX) throw new AppError(710);
      const lang = langOf(req);
      const tz = timeZoneOf(req);
      const ctx: CellContext = { lang, tz, value: (key) => labelIn(x.labels, `values.${key}`, lang, key.slice(key.indexOf('.') + 1)) };
      const toCells = (records: R[]) => records.map((rec) => x.columns.map((c) => c.cell(rec, ctx)));
      async function* pages(): AsyncGenerator<ReturnType<typeof toCells>> {
        let left = rows;
        let page = first;
        for (let n = 1; left > 0 && page.records.length > 0; ) {
          const take = page.records.slice(0, left);
          yield toCells(take);
          left -= take.length;
          if (left <= 0 || page.records.length < EXPORT_PAGE_ROWS) break;
          n += 1;
          page = await x.list(app.db, auth, { ...base, page: n, size: EXPORT_PAGE_ROWS });
        }
      }
      return streamSheet(
        req,
        reply,
        {
          file: `${x.resource}s`,
          name: labelIn(x.labels, 'sheet', lang, x.resource),
          columns: x.columns.map((c) => ({ header: labelIn(x.labels, `fields.${c.key}`, lang, c.key), width: c.width })),
        },
        pages(),
      );
    },
  );
}

const listExportRoutes: FastifyPluginAsync = async (app) => {
  for (const x of LIST_EXPORTS) x.mount(app);
};

export default listExportRoutes;
