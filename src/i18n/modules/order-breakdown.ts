/** Messages of the order's pricing breakdown (resources/order/OrderBreakdown.tsx). */
import { bilingual } from '../bilingual';

export default bilingual('resources.order.breakdown', {
  template: ['Rate template', '费率模板'],
  no_template: ['The station had no active rate template: this session was free.', '该站点没有生效的费率模板：本次充电免费。'],
  window: ['Time window', '时段'],
  energy: ['Energy', '电量'],
  price: ['Electricity fee per kWh', '每千瓦时电费'],
  amount: ['Amount', '金额'],
  'settlement.FREE': ['Nothing to pay', '无需支付'],
  'settlement.DEDUCTED': ['Paid from the balance', '已从余额扣款'],
  'settlement.MANAGER_CARD': ['Manager card: recorded, not deducted', '管理卡：仅记录，不扣款'],
  'settlement.NO_PAYER': ['Not paid: no card or app user could pay', '未支付：没有可扣款的卡或应用用户'],
  'settlement.FAILED': ['Not paid: the deduction failed', '未支付：扣款失败'],
});
