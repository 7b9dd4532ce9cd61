/** Messages of Operations → Station Insights (`#/Operations/StationIndights`). */
import { bilingual } from '../bilingual';

export default bilingual('app.insights', {
  utilisation_chart: ['Utilisation by station', '各站点利用率'],
  table: ['Stations', '站点'],
  empty: ['No stations to show', '没有可显示的站点'],
  'fields.stationName': ['Station', '站点'],
  'fields.chargers': ['Chargers', '充电桩数'],
  'fields.sessions': ['Sessions', '充电次数'],
  'fields.energyKwh': ['Energy (kWh)', '电量 (kWh)'],
  'fields.revenue': ['Revenue', '收入'],
  'fields.avgSessionMinutes': ['Avg. session (min)', '平均时长（分钟）'],
  'fields.avgEnergyKwh': ['Avg. energy (kWh)', '平均电量 (kWh)'],
  'fields.utilisation': ['Utilisation', '利用率'],
  'fields.currency': ['Currency', '币种'],
});
