/** Messages of Operations → Station Insights (`#/Operations/StationIndights`). */
export default {
  en: {
    app: {
      insights: {
        utilisation_chart: 'Utilisation by station',
        table: 'Stations',
        empty: 'No stations to show',
        fields: {
          stationName: 'Station',
          chargers: 'Chargers',
          sessions: 'Sessions',
          energyKwh: 'Energy (kWh)',
          revenue: 'Revenue',
          avgSessionMinutes: 'Avg. session (min)',
          avgEnergyKwh: 'Avg. energy (kWh)',
          utilisation: 'Utilisation',
          currency: 'Currency',
        },
      },
    },
  },
  zh: {
    app: {
      insights: {
        utilisation_chart: '各站点利用率',
        table: '站点',
        empty: '没有可显示的站点',
        fields: {
          stationName: '站点',
          chargers: '充电桩数',
          sessions: '充电次数',
          energyKwh: '电量 (kWh)',
          revenue: '收入',
          avgSessionMinutes: '平均时长（分钟）',
          avgEnergyKwh: '平均电量 (kWh)',
          utilisation: '利用率',
          currency: '币种',
        },
      },
    },
  },
};
