/** Messages of the station group page (requirements §3 "Station group"). */
import { bilingual } from '../bilingual';
import { STATION_GROUP_LABELS } from '../../../domain/labels/station-group';

export default bilingual('resources.station-group', {
  // Field and value labels shared with the station group export (domain/labels/station-group.ts).
  ...STATION_GROUP_LABELS,
  name: ['Station group |||| Station groups', '站点分组'],
  'fields.q': ['Search', '搜索'],
  'helpers.isDefault': [
    'Each company has exactly one default group; making this one the default moves the flag.',
    '每个公司有且只有一个默认分组；设为默认会转移该标记。',
  ],
  confirm_delete: ['The group is deleted. A group that still has stations cannot be deleted.', '分组将被删除。仍有站点的分组不能删除。'],
  has_stations: ['Move its stations to another group first', '请先把其站点移到其他分组'],
  create_title: ['New station group', '新建站点分组'],
  edit_title: ['Edit station group', '编辑站点分组'],
});
