/**
 * Messages of the balance pieces shared by card users and app users: dialogs (recharge, gift,
 * refund, clear), the balance record view (requirements §2 `?id=`), status confirmations. Error texts of
 * the client-side checks are the catalogue's own (domain/errors.ts codes 650, 705, 900).
 */
import { CATALOGUE } from '../../../domain/errors';

const values = (lang: 'en' | 'zh') => ({
  changeType: lang === 'en'
    ? { GIFT: 'Gift', PREPAY: 'Prepay', PLATFORM_RECHARGE: 'Platform recharge', DEDUCT: 'Deduction', CLEARED: 'Cleared', USER_REFUND: 'Refund', RECONCILE: 'Reconciliation (late charger stop)' }
    : { GIFT: '赠送', PREPAY: '预付', PLATFORM_RECHARGE: '平台充值', DEDUCT: '扣款', CLEARED: '清零', USER_REFUND: '退款', RECONCILE: '对账调整（充电桩迟到的停止）' },
  prepayType: lang === 'en'
    ? { NONE: 'None', WECHAT: 'WeChat Pay', ALIPAY: 'Alipay', NETS: 'NETS', PAYPAL: 'PayPal' }
    : { NONE: '无', WECHAT: '微信支付', ALIPAY: '支付宝', NETS: 'NETS', PAYPAL: 'PayPal' },
  deductType: lang === 'en' ? { BALANCE: 'Balance', CARD: 'Card' } : { BALANCE: '余额', CARD: '卡' },
});

const errors = (lang: 'en' | 'zh') => ({
  650: CATALOGUE[650][lang],
  705: CATALOGUE[705][lang],
  721: CATALOGUE[721][lang],
});

export default {
  en: {
    resources: {
      balance: {
        name: 'Balance record |||| Balance records',
        title: 'Balance records',
        empty: 'No balance changes yet',
        fields: {
          balance: 'Balance',
          amount: 'Amount',
          prepayType: 'Prepay type',
          remark: 'Remark',
          createTimeStamp: 'Time',
          changeType: 'Change type',
          deductType: 'Deduct type',
          orderNo: 'Related order',
          relevanceId: 'Related order',
          changeAmount: 'Amount',
          oldBalance: 'Old balance',
          newBalance: 'New balance',
          operator: 'Operator',
        },
        hints: { amount: 'A whole number above 0' },
        actions: {
          menu: 'Balance',
          recharge: 'Recharge',
          gift: 'Gift',
          refund: 'Refund',
          clear: 'Clear balance',
          records: 'Balance records',
          activate: 'Activate',
          deactivate: 'Deactivate',
        },
        confirm: {
          clear: 'The whole balance (%{amount}) will be set to zero. This is recorded and cannot be undone.',
          activate_title: 'Activate %{name}?',
          activate: '%{name} will be able to charge again.',
          deactivate_title: 'Deactivate %{name}?',
          deactivate: '%{name} will be refused at the chargers until activated again.',
        },
        notify: {
          recharge: 'Balance recharged',
          gift: 'Gift added to the balance',
          refund: 'Refund recorded',
          clear: 'Balance cleared',
          activated: 'Activated',
          deactivated: 'Deactivated',
        },
        values: values('en'),
        errors: errors('en'),
      },
    },
  },
  zh: {
    resources: {
      balance: {
        name: '余额记录',
        title: '余额记录',
        empty: '暂无余额变动',
        fields: {
          balance: '余额',
          amount: '金额',
          prepayType: '预付方式',
          remark: '备注',
          createTimeStamp: '时间',
          changeType: '变动类型',
          deductType: '扣款方式',
          orderNo: '关联订单',
          relevanceId: '关联订单',
          changeAmount: '金额',
          oldBalance: '原余额',
          newBalance: '新余额',
          operator: '操作人',
        },
        hints: { amount: '大于0的整数' },
        actions: {
          menu: '余额',
          recharge: '充值',
          gift: '赠送',
          refund: '退款',
          clear: '余额清零',
          records: '余额记录',
          activate: '启用',
          deactivate: '停用',
        },
        confirm: {
          clear: '全部余额（%{amount}）将被清零。此操作会被记录且无法撤销。',
          activate_title: '启用 %{name}？',
          activate: '启用后 %{name} 可以重新充电。',
          deactivate_title: '停用 %{name}？',
          deactivate: '停用后 %{name} 在充电桩上将被拒绝，直到重新启用。',
        },
        notify: {
          recharge: '充值成功',
          gift: '赠送成功',
          refund: '退款已记录',
          clear: '余额已清零',
          activated: '已启用',
          deactivated: '已停用',
        },
        values: values('zh'),
        errors: errors('zh'),
      },
    },
  },
};
