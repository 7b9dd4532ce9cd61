/** Messages of the gateways tab (spec §3 "Gateway"). */
export default {
  en: {
    resources: {
      gateway: {
        name: 'Gateway |||| Gateways',
        fields: {
          id: 'ID', serialNum: 'Gateway SN', companyCode: 'Company code', companyName: 'Operator', stationId: 'Station', stationName: 'Station',
          lifeStatus: 'Life status', firmwareVersion: 'Firmware', online: 'Online', lastSeenAt: 'Last seen', chargerCount: 'Chargers',
          createdAt: 'Created', q: 'Search',
        },
        helpers: {
          serialNum: 'Its OCPP identity: letters, digits, ".", "_" and "-"',
          firmwareVersion: 'Updated by the gateway itself when it connects',
        },
        create_title: 'New gateway',
        edit_title: 'Edit gateway',
        confirm_delete: 'The gateway is deleted.',
        no_chargers: 'No charger is attached to this gateway',
      },
    },
  },
  zh: {
    resources: {
      gateway: {
        name: '网关',
        fields: {
          id: 'ID', serialNum: '网关序列号', companyCode: '公司编码', companyName: '运营商', stationId: '站点', stationName: '站点',
          lifeStatus: '生命周期状态', firmwareVersion: '固件', online: '在线', lastSeenAt: '最后在线', chargerCount: '充电桩数',
          createdAt: '创建时间', q: '搜索',
        },
        helpers: {
          serialNum: '即其 OCPP 标识：字母、数字、“.”、“_”和“-”',
          firmwareVersion: '网关连接时自行更新',
        },
        create_title: '新建网关',
        edit_title: '编辑网关',
        confirm_delete: '网关将被删除。',
        no_chargers: '此网关下没有充电桩',
      },
    },
  },
};
