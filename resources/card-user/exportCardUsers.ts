/**
 * Excel export of the card users of the current filter (issue "Charging operations", item 3):
 * pages of 500 through `GET /sp/card-user`, at most 50 000 rows (704 above), written client-side
 * with neutralised cells (src/utils/spreadsheet.ts).
 */
import type { DataProvider, TranslateFunction } from 'react-admin';
import { downloadXlsx, type SheetCell as Cell } from '../../src/utils/spreadsheet';
import { formatDateTime } from '../../src/utils/date';
import type { CardUserRecord } from '../../domain/entities/card-user';

export const EXPORT_LIMIT = 50_000;
const PAGE = 500;

/** The columns of the sheet (API field names → header keys). */
export const EXPORT_FIELDS = [
  'cardNumber', 'lastName', 'firstName', 'companyName', 'mobile', 'email', 'scope', 'stationIds', 'managerCard', 'active', 'expiryDate', 'balance', 'currency', 'createTimeStamp',
] as const;

/** One sheet row of a card user (values translated where they are enums or flags). */
export function cardUserRow(r: CardUserRecord, translate: TranslateFunction): Cell[] {
  return [
    r.cardNumber, r.lastName, r.firstName, r.companyName ?? r.companyCode, r.mobile, r.email,
    translate(`resources.card-user.values.scope.${r.scope}`),
    r.scope === 'STATIONS' ? r.stationIds.join(', ') : '',
    translate(`resources.card-user.values.bool.${r.managerCard}`),
    translate(`resources.card-user.values.active.${r.active}`),
    r.expiryDate ? formatDateTime(r.expiryDate) : '',
    Number(r.balance), r.currency, formatDateTime(r.createTimeStamp),
  ];
}

/** Fetches every row of `filter` and downloads the sheet; throws the catalogue key of 704 over the limit. */
export async function exportCardUsers(
  dataProvider: DataProvider, filter: Record<string, unknown>, sort: { field: string; order: 'ASC' | 'DESC' }, translate: TranslateFunction,
): Promise<number> {
  const rows: CardUserRecord[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList<CardUserRecord>('card-user', { pagination: { page, perPage: PAGE }, sort, filter });
    if ((total ?? 0) > EXPORT_LIMIT) throw new Error('resources.card-user.errors.704');
    rows.push(...data);
    if (data.length < PAGE || rows.length >= (total ?? 0)) break;
  }
  const header = EXPORT_FIELDS.map((f) => translate(`resources.card-user.fields.${f}`));
  await downloadXlsx(`card-users-${formatDateTime(Date.now(), 'YYYYMMDD-HHmmss')}`, translate('menu.cardUsers'), header, rows.map((r) => cardUserRow(r, translate)));
  return rows.length;
}
