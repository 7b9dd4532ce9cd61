/**
 * Labels of station group fields and values (requirements §3 "Station group"), shared by the
 * console (src/i18n/modules/station-group.ts, below `resources.station-group`) and the station
 * group export (`GET /sp/station-group/export`).
 */
import type { LabelPair } from './index.js';

export const STATION_GROUP_LABELS = {
  'fields.id': ['ID', 'ID'],
  'fields.name': ['Group name', '分组名称'],
  'fields.companyCode': ['Company code', '公司编码'],
  'fields.companyName': ['Operator', '运营商'],
  'fields.isDefault': ['Default group', '默认分组'],
  'fields.remark': ['Remark', '备注'],
  'fields.stationCount': ['Stations', '站点数'],
  'fields.createdAt': ['Created', '创建时间'],
  'values.isDefault.true': ['Default', '默认'],
  'values.isDefault.false': ['No', '否'],
  sheet: ['Station groups', '站点分组'],
} as const satisfies Record<string, LabelPair>;
