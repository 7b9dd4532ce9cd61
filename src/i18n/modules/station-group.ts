/** Messages of the station group page (requirements §3 "Station group"). */
export default {
  en: {
    resources: {
      'station-group': {
        name: 'Station group |||| Station groups',
        fields: {
          id: 'ID', name: 'Group name', companyCode: 'Company code', companyName: 'Operator', isDefault: 'Default group',
          remark: 'Remark', stationCount: 'Stations', createdAt: 'Created', q: 'Search',
        },
        values: { isDefault: { true: 'Default', false: 'No' } },
        helpers: { isDefault: 'Each company has exactly one default group; making this one the default moves the flag.' },
        confirm_delete: 'The group is deleted. A group that still has stations cannot be deleted.',
        has_stations: 'Move its stations to another group first',
        create_title: 'New station group',
        edit_title: 'Edit station group',
      },
    },
  },
  zh: {
    resources: {
      'station-group': {
        name: '站点分组',
        fields: {
          id: 'ID', name: '分组名称', companyCode: '公司编码', companyName: '运营商', isDefault: '默认分组',
          remark: '备注', stationCount: '站点数', createdAt: '创建时间', q: '搜索',
        },
        values: { isDefault: { true: '默认', false: '否' } },
        helpers: { isDefault: '每个公司有且只有一个默认分组；设为默认会转移该标记。' },
        confirm_delete: '分组将被删除。仍有站点的分组不能删除。',
        has_stations: '请先把其站点移到其他分组',
        create_title: '新建站点分组',
        edit_title: '编辑站点分组',
      },
    },
  },
};
