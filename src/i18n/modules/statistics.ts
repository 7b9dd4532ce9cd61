/** Messages of Operations → Statistics (`#/Operations/Statistics`) and the shared range picker. */
export default {
  en: {
    app: {
      range: {
        presets: { today: 'Today', '7d': '7 days', '30d': '30 days', year: 'This year' },
        from: 'From',
        to: 'To',
        required: 'Choose both days',
        too_long: 'The range cannot exceed 366 days',
      },
      statistics: {
        by: { day: 'By day', station: 'By station', company: 'By operator' },
        group: { day: 'Day', station: 'Station', company: 'Operator' },
        orders: 'Orders',
        energy_kwh: 'Energy (kWh)',
        revenue: 'Revenue',
        total: 'Total',
        energy_orders: 'Energy and orders',
        revenue_by_currency: 'Revenue by currency',
        no_currency: 'No currency',
        no_revenue: 'No revenue in this range',
        table: 'Details',
        export: 'Export Excel',
        empty: 'No orders in this range',
      },
    },
  },
  zh: {
    app: {
      range: {
        presets: { today: '今天', '7d': '近7天', '30d': '近30天', year: '今年' },
        from: '开始日期',
        to: '结束日期',
        required: '请选择开始和结束日期',
        too_long: '时间范围不能超过366天',
      },
      statistics: {
        by: { day: '按日', station: '按站点', company: '按运营商' },
        group: { day: '日期', station: '站点', company: '运营商' },
        orders: '订单数',
        energy_kwh: '电量 (kWh)',
        revenue: '收入',
        total: '合计',
        energy_orders: '电量与订单',
        revenue_by_currency: '各币种收入',
        no_currency: '无币种',
        no_revenue: '该时间范围内无收入',
        table: '明细',
        export: '导出 Excel',
        empty: '该时间范围内没有订单',
      },
    },
  },
};
