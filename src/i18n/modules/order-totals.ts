/** Messages of the order list's totals (resources/order/OrderTotals.tsx, requirements R2.18). */
import { bilingual } from '../bilingual';

export default bilingual('resources.order.totals', {
  title: ['All orders matching the filters', '符合筛选条件的全部订单'],
  count: ['%{smart_count} order |||| %{smart_count} orders', '%{smart_count} 个订单'],
  energy: ['Energy', '电量'],
  revenue: ['Total', '总金额'],
  none: ['No order matches the filters', '没有符合筛选条件的订单'],
});
