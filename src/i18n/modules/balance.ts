/**
 * Messages of the balance pieces shared by card users and app users: dialogs (recharge, gift,
 * refund, clear), the balance record view (requirements §2 `?id=`), status confirmations. Error texts of
 * the client-side checks are the catalogue's own (domain/errors.ts codes 650, 705, 900).
 */
import { CATALOGUE } from '../../../domain/errors';
import { bilingual } from '../bilingual';

const values = (lang: 'en' | 'zh') => ({
  changeType:
    lang === 'en'
      ? {
          GIFT: 'Gift',
          PREPAY: 'Prepay',
          PLATFORM_RECHARGE: 'Platform recharge',
          DEDUCT: 'Deduction',
          CLEARED: 'Cleared',
          USER_REFUND: 'Refund',
          RECONCILE: 'Reconciliation (late charger stop)',
        }
      : {
          GIFT: '赠送',
          PREPAY: '预付',
          PLATFORM_RECHARGE: '平台充值',
          DEDUCT: '扣款',
          CLEARED: '清零',
          USER_REFUND: '退款',
          RECONCILE: '对账调整（充电桩迟到的停止）',
        },
  prepayType:
    lang === 'en'
      ? { NONE: 'None', WECHAT: 'WeChat Pay', ALIPAY: 'Alipay', NETS: 'NETS', PAYPAL: 'PayPal' }
      : { NONE: '无', WECHAT: '微信支付', ALIPAY: '支付宝', NETS: 'NETS', PAYPAL: 'PayPal' },
  deductType: lang === 'en' ? { BALANCE: 'Balance', CARD: 'Card' } : { BALANCE: '余额', CARD: '卡' },
});

const errors = (lang: 'en' | 'zh') => ({
  650: CATALOGUE[650][lang],
  705: CATALOGUE[705][lang],
  721: CATALOGUE[721][lang],
});

export default bilingual('resources.balance', {
  name: ['Balance record |||| Balance records', '余额记录'],
  title: ['Balance records', '余额记录'],
  empty: ['No balance changes yet', '暂无余额变动'],
  'fields.balance': ['Balance', '余额'],
  'fields.amount': ['Amount', '金额'],
  'fields.prepayType': ['Prepay type', '预付方式'],
  'fields.remark': ['Remark', '备注'],
  'fields.createTimeStamp': ['Time', '时间'],
  'fields.changeType': ['Change type', '变动类型'],
  'fields.deductType': ['Deduct type', '扣款方式'],
  'fields.orderNo': ['Related order', '关联订单'],
  'fields.relevanceId': ['Related order', '关联订单'],
  'fields.changeAmount': ['Amount', '金额'],
  'fields.oldBalance': ['Old balance', '原余额'],
  'fields.newBalance': ['New balance', '新余额'],
  'fields.operator': ['Operator', '操作人'],
  'hints.amount': ['A whole number above 0', '大于0的整数'],
  'actions.menu': ['Balance', '余额'],
  'actions.recharge': ['Recharge', '充值'],
  'actions.gift': ['Gift', '赠送'],
  'actions.refund': ['Refund', '退款'],
  'actions.clear': ['Clear balance', '余额清零'],
  'actions.records': ['Balance records', '余额记录'],
  'actions.activate': ['Activate', '启用'],
  'actions.deactivate': ['Deactivate', '停用'],
  'confirm.clear': [
    'The whole balance (%{amount}) will be set to zero. This is recorded and cannot be undone.',
    '全部余额（%{amount}）将被清零。此操作会被记录且无法撤销。',
  ],
  'confirm.activate_title': ['Activate %{name}?', '启用 %{name}？'],
  'confirm.activate': ['%{name} will be able to charge again.', '启用后 %{name} 可以重新充电。'],
  'confirm.deactivate_title': ['Deactivate %{name}?', '停用 %{name}？'],
  'confirm.deactivate': ['%{name} will be refused at the chargers until activated again.', '停用后 %{name} 在充电桩上将被拒绝，直到重新启用。'],
  'notify.recharge': ['Balance recharged', '充值成功'],
  'notify.gift': ['Gift added to the balance', '赠送成功'],
  'notify.refund': ['Refund recorded', '退款已记录'],
  'notify.clear': ['Balance cleared', '余额已清零'],
  'notify.activated': ['Activated', '已启用'],
  'notify.deactivated': ['Deactivated', '已停用'],
  'fields.expiryDate': ['Valid until', '有效期至'],
  'hints.expiryDate': ['After the end of this day the chargers answer Expired', '该日结束后，充电桩将回答已过期'],
  'actions.setExpiry': ['Set expiry date', '设置有效期'],
  'actions.noExpiry': ['No expiry', '不设有效期'],
  'notify.expiry': ['Expiry date saved', '有效期已保存'],
  expired: ['Expired', '已过期'],
  values: [values('en'), values('zh')],
  errors: [errors('en'), errors('zh')],
});
