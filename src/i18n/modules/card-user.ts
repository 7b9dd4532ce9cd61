/** Messages of the card user screens (`#/ChargerUsers/CardUsers`, requirements §2–§5). */
import { CATALOGUE } from '../../../domain/errors';
import { bilingual } from '../bilingual';
import { CARD_USER_LABELS } from '../../../domain/labels/card-user';

export default bilingual('resources.card-user', {
  // Field and value labels shared with the card user export (domain/labels/card-user.ts).
  ...CARD_USER_LABELS,
  name: ['Card user |||| Card users', '卡用户'],
  create_title: ['New card user', '新建卡用户'],
  edit_title: ['Edit card user', '编辑卡用户'],
  'fields.actions': ['Actions', '操作'],
  'fields.q': ['Search', '搜索'],
  'filters.q': ['Card, name, mobile, email', '卡号、姓名、手机号、邮箱'],
  'hints.stations': ['The card works only at these stations', '该卡仅可在这些站点使用'],
  'hints.company_first': ['Choose the operator first', '请先选择运营商'],
  'hints.managerCard': ['A manager card may charge without a balance', '管理卡无需余额即可充电'],
  'hints.expiryDate': [
    'Empty: the card never expires. After the end of this day the chargers answer Expired',
    '留空：该卡永不过期。该日结束后，充电桩将回答已过期',
  ],
  'values.scope_count': ['%{smart_count} station |||| %{smart_count} stations', '%{smart_count} 个站点'],
  'actions.export': ['Export Excel', '导出 Excel'],
  'notify.exported': ['%{smart_count} card user exported |||| %{smart_count} card users exported', '已导出 %{smart_count} 个卡用户'],
  'errors.900': [CATALOGUE[900].en, CATALOGUE[900].zh],
  'errors.704': [CATALOGUE[704].en, CATALOGUE[704].zh],
  'errors.email': ['Invalid e-mail address', '邮箱格式不正确'],
  'errors.stations': ['Choose at least one station', '请至少选择一个站点'],
});
