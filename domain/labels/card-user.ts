/**
 * Labels of card user fields and coded values (requirements §3 "Card user"), shared by the
 * console (src/i18n/modules/card-user.ts, below `resources.card-user`) and the card user export
 * (`GET /sp/card-user/export`).
 */
import type { LabelPair } from './index.js';

export const CARD_USER_LABELS = {
  'fields.id': ['ID', 'ID'],
  'fields.cardNumber': ['Card number', '卡号'],
  'fields.companyCode': ['Operator', '运营商'],
  'fields.companyName': ['Operator', '运营商'],
  'fields.name': ['Name', '姓名'],
  'fields.lastName': ['Last name', '姓'],
  'fields.firstName': ['First name', '名'],
  'fields.mobile': ['Mobile', '手机号'],
  'fields.contact': ['Mobile / email', '手机号 / 邮箱'],
  'fields.email': ['Email', '邮箱'],
  'fields.scope': ['Scope', '适用范围'],
  'fields.stationIds': ['Stations', '站点'],
  'fields.managerCard': ['Manager card', '管理卡'],
  'fields.active': ['Active', '启用'],
  'fields.expiryDate': ['Valid until', '有效期至'],
  'fields.balance': ['Balance', '余额'],
  'fields.currency': ['Currency', '币种'],
  'fields.createTimeStamp': ['Created', '创建时间'],
  'values.scope.ALL': ['All stations', '全部站点'],
  'values.scope.STATIONS': ['Chosen stations', '指定站点'],
  'values.bool.true': ['Yes', '是'],
  'values.bool.false': ['No', '否'],
  'values.active.true': ['Active', '启用'],
  'values.active.false': ['Inactive', '停用'],
  sheet: ['Card users', '卡用户'],
} as const satisfies Record<string, LabelPair>;
