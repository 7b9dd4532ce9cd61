/** Messages of the firmware campaigns overview (src/pages/firmware-campaigns; issue #26 item 3). */
import { bilingual } from '../bilingual';

export default bilingual('app.campaigns', {
  title: ['Firmware campaigns', '固件升级任务'],
  open: ['All firmware campaigns', '全部固件升级任务'],
  of_station: ["Campaigns that touched this station's chargers", '涉及该站点充电桩的升级任务'],
  all: ['All campaigns', '全部任务'],
  station: ['Station', '站点'],
  chosen_chargers: ['Chosen chargers', '所选充电桩'],
  progress: ['%{updated} updated, %{failed} failed of %{total}', '共 %{total} 台：%{updated} 台已升级，%{failed} 台失败'],
  'columns.firmware': ['Firmware', '固件'],
  'columns.state': ['State', '状态'],
  'columns.progress': ['Progress', '进度'],
  'columns.where': ['Started from', '发起位置'],
  'columns.started_by': ['Started by', '发起人'],
  'columns.started_at': ['Started', '发起时间'],
});
