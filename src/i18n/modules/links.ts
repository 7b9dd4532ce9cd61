/** Messages of the cross-links between pages and the live notices (issue #26 items 5 and 8). */
import { bilingual } from '../bilingual';

export default bilingual('app', {
  'links.charger_log_around': ['Charger log around this time', '此时间前后的充电桩日志'],
  'links.station_monitoring': ['Station monitoring', '站点监控'],
  'links.charger_events': ['Events of this charger', '该充电桩的事件'],
  'links.card_user': ['Card user', '卡用户'],
  'order.outside_stations': [
    'This order is at a station outside your stations: ask an administrator of your company',
    '该订单所在站点不在您管理的站点范围内：请联系本公司管理员',
  ],
});
