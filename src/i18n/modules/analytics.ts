/** Messages of Analytics (`#/AnalyTics/AnalyTics`, requirements §14). */
export default {
  en: {
    app: {
      analytics: {
        search_type: 'Search by',
        search: 'Search',
        go: 'Show',
        export: 'Excel',
        start: 'Search a station, a charger SN or an operator to see its figures',
        types: { station: 'Station', charger: 'Charger SN', operator: 'Operator' },
        hints: { station: 'Station name or part of it', charger: 'Serial number or part of it', operator: 'Operator name or code' },
        periods: { '24h': '24 hours', '30d': '30 days', '1y': '1 year' },
        metrics: { energyKwh: 'Energy (kWh)', revenue: 'Revenue', sessions: 'Sessions', utilisation: 'Utilisation', peakPowerKw: 'Peak power (kW)', faults: 'Faults' },
        previous: 'previous period',
        matched: '%{names} (%{smart_count} match, %{chargers} chargers) |||| %{names} (%{smart_count} matches, %{chargers} chargers)',
        no_match: 'Nothing matches this search in your scope',
        bucket: 'Period',
        currency: 'Currency',
        chart_energy: 'Energy and sessions',
        chart_revenue: 'Revenue, utilisation and peak power',
      },
    },
  },
  zh: {
    app: {
      analytics: {
        search_type: '搜索类型',
        search: '搜索',
        go: '查询',
        export: '导出 Excel',
        start: '搜索站点、充电桩编号或运营商以查看数据',
        types: { station: '站点', charger: '充电桩编号', operator: '运营商' },
        hints: { station: '站点名称或其中一部分', charger: '编号或其中一部分', operator: '运营商名称或代码' },
        periods: { '24h': '24小时', '30d': '30天', '1y': '1年' },
        metrics: { energyKwh: '电量 (kWh)', revenue: '收入', sessions: '充电次数', utilisation: '利用率', peakPowerKw: '峰值功率 (kW)', faults: '故障' },
        previous: '上一周期',
        matched: '%{names}（%{smart_count} 个匹配，%{chargers} 个充电桩） |||| %{names}（%{smart_count} 个匹配，%{chargers} 个充电桩）',
        no_match: '在您的范围内没有匹配的结果',
        bucket: '时段',
        currency: '币种',
        chart_energy: '电量与充电次数',
        chart_revenue: '收入、利用率与峰值功率',
      },
    },
  },
};
