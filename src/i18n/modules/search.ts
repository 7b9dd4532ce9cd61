/** Messages of the search page (requirements §2 "Search"). */
import { bilingual } from '../bilingual';

export default bilingual('app.search', {
  term: ['Search term', '搜索内容'],
  submit: ['Search', '搜索'],
  hint: ['Choose what to search and type a term', '选择搜索类型并输入内容'],
  none: ['Nothing matches', '没有匹配的结果'],
  'columns.type': ['Type', '类型'],
  'columns.name': ['SN / name', '序列号 / 名称'],
  'columns.station': ['Station', '站点'],
  'columns.company': ['Operator', '运营商'],
  'columns.online': ['Online', '在线'],
  'columns.status': ['Status', '状态'],
  'types.charger': ['Charger', '充电桩'],
  'types.gateway': ['Gateway', '网关'],
  'types.station': ['Station', '站点'],
});
