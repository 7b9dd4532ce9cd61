/** Messages of the gateways tab (requirements §3 "Gateway"; §9 OCPP password of a gateway's own identity). */
export default {
  en: {
    resources: {
      gateway: {
        name: 'Gateway |||| Gateways',
        fields: {
          id: 'ID', serialNum: 'Gateway SN', companyCode: 'Company code', companyName: 'Operator', stationId: 'Station', stationName: 'Station',
          lifeStatus: 'Life status', firmwareVersion: 'Firmware', online: 'Online', lastSeenAt: 'Last seen', chargerCount: 'Chargers',
          createdAt: 'Created', q: 'Search', vendor: 'Vendor', model: 'Model', vendorModel: 'Vendor / model',
        },
        helpers: {
          serialNum: 'Its OCPP identity: letters, digits, ".", "_" and "-"',
          firmwareVersion: 'Updated by the gateway itself when it connects',
        },
        create_title: 'New gateway',
        edit_title: 'Edit gateway',
        confirm_delete: 'The gateway is deleted.',
        no_chargers: 'No charger is attached to this gateway',
        chargers_title: 'Chargers behind this gateway (%{smart_count})',
        notifications: { password_removed: 'OCPP password removed' },
        confirm: {
          generate_title: 'Generate an OCPP password for %{sn}?',
          generate: 'A new password replaces the current one: the gateway must be configured with it before it reconnects.',
          remove_title: 'Remove the OCPP password of %{sn}?',
          remove: 'The gateway may then connect without a password.',
        },
        ocpp_password: {
          title: 'OCPP password',
          explain: 'The gateway connects with its own identity. Security profile 1: HTTP Basic authentication with the user name %{sn} (profile 2 when served over TLS). Its chargers keep their own identities and passwords.',
          is_set: 'A password is set.',
          not_set: 'No password is set.',
          generate: 'Generate password',
          remove: 'Remove password',
          dialog_title: 'New OCPP password',
          once: 'The password is shown only this once. Copy it now and configure the gateway with it.',
          username: 'User name',
          password: 'Password',
          copy: 'Copy',
          copied: 'Copied',
        },
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
          createdAt: '创建时间', q: '搜索', vendor: '厂商', model: '型号', vendorModel: '厂商 / 型号',
        },
        helpers: {
          serialNum: '即其 OCPP 标识：字母、数字、“.”、“_”和“-”',
          firmwareVersion: '网关连接时自行更新',
        },
        create_title: '新建网关',
        edit_title: '编辑网关',
        confirm_delete: '网关将被删除。',
        no_chargers: '此网关下没有充电桩',
        chargers_title: '此网关下的充电桩（%{smart_count}）',
        notifications: { password_removed: 'OCPP 密码已移除' },
        confirm: {
          generate_title: '为 %{sn} 生成 OCPP 密码？',
          generate: '新密码将替换当前密码：网关重新连接前必须配置新密码。',
          remove_title: '移除 %{sn} 的 OCPP 密码？',
          remove: '之后网关无需密码即可连接。',
        },
        ocpp_password: {
          title: 'OCPP 密码',
          explain: '网关以自己的标识连接。安全配置 1：HTTP Basic 认证，用户名为 %{sn}（通过 TLS 提供时为配置 2）。其下的充电桩保留各自的标识和密码。',
          is_set: '已设置密码。',
          not_set: '未设置密码。',
          generate: '生成密码',
          remove: '移除密码',
          dialog_title: '新的 OCPP 密码',
          once: '密码只显示这一次。请立即复制并配置到网关。',
          username: '用户名',
          password: '密码',
          copy: '复制',
          copied: '已复制',
        },
      },
    },
  },
};
