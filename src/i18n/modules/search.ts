/** Messages of the search page (requirements §2 "Search"). */
export default {
  en: {
    app: {
      search: {
        term: 'Search term',
        submit: 'Search',
        hint: 'Choose what to search and type a term',
        none: 'Nothing matches',
        columns: { type: 'Type', name: 'SN / name', station: 'Station', company: 'Operator', online: 'Online', status: 'Status' },
        types: { charger: 'Charger', gateway: 'Gateway', station: 'Station' },
      },
    },
  },
  zh: {
    app: {
      search: {
        term: '搜索内容',
        submit: '搜索',
        hint: '选择搜索类型并输入内容',
        none: '没有匹配的结果',
        columns: { type: '类型', name: '序列号 / 名称', station: '站点', company: '运营商', online: '在线', status: '状态' },
        types: { charger: '充电桩', gateway: '网关', station: '站点' },
      },
    },
  },
};
