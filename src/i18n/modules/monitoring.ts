/** Messages of Monitoring › Map monitoring and Station monitoring (requirements §14). */
import { bilingual } from '../bilingual';

export default bilingual('app', {
  'map.open_station': ['Open station monitoring', '打开站点监控'],
  'map.no_chargers': ['No chargers at this station', '该站点没有充电桩'],
  'map.unplaced': [
    '%{smart_count} station without coordinates is not on the map |||| %{smart_count} stations without coordinates are not on the map',
    '%{smart_count} 个站点没有坐标，未显示在地图上',
  ],
  'map.no_tiles': [
    'Map tiles cannot be loaded (no connection to the map server): stations are shown on a plain background, with their names.',
    '无法加载地图图块（无法连接地图服务器）：站点显示在空白背景上，并标注名称。',
  ],
  'map.live': ['● Live', '● 实时'],
  'map.polling': ['Refreshing every 30 s', '每 30 秒刷新'],
  'station_monitor.pick': ['Station', '站点'],
  'station_monitor.pick_hint': ['Choose a station to watch its chargers live', '选择一个站点以实时查看其充电桩'],
  'station_monitor.on_map': ['Show on map', '在地图上显示'],
  'station_monitor.charger': ['Charger', '充电桩'],
  'station_monitor.connector': ['Connector', '充电枪'],
  'station_monitor.state': ['State', '状态'],
  'station_monitor.power': ['Power now', '当前功率'],
  'station_monitor.energy': ['Energy', '电量'],
  'station_monitor.duration': ['Duration', '时长'],
  'station_monitor.user': ['idTag / user', '卡号 / 用户'],
  'station_monitor.last_message': ['Last message', '最后消息'],
  'station_monitor.session': ['Session', '充电会话'],
  'station_monitor.no_session': ['No session', '无会话'],
  'station_monitor.open_events': ['Open events', '未处理事件'],
  'station_monitor.no_chargers': ['No chargers at this station', '该站点没有充电桩'],
  'station_monitor.whole_charger': ['Charger', '充电桩'],
  'station_monitor.rated': ['Rated %{power} kW', '额定 %{power} kW'],
  'station_monitor.chargers': ['Chargers', '充电桩数'],
  'station_monitor.status': ['Status', '状态'],
  'station_monitor.all_stations': ['All stations', '全部站点'],
  'station_monitor.no_open_events': ['No open events', '没有未处理事件'],
});
