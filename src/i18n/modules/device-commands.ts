/** Messages of the charger page's device management panel (requirements R15.20–R15.25). */
const status = {
  en: {
    Accepted: 'Accepted', Rejected: 'Rejected by the charger', RebootRequired: 'Accepted: applies after a reboot', NotSupported: 'Not supported by the charger',
    NotImplemented: 'Not implemented by the charger', UnknownVendorId: 'Unknown vendor ID', UnknownMessageId: 'Unknown message ID', Failed: 'Failed',
    VersionMismatch: 'Version mismatch', Faulted: 'Connector faulted', Occupied: 'Connector occupied', Unavailable: 'Connector unavailable',
  },
  zh: {
    Accepted: '已接受', Rejected: '充电桩拒绝', RebootRequired: '已接受：重启后生效', NotSupported: '充电桩不支持',
    NotImplemented: '充电桩未实现', UnknownVendorId: '未知厂商标识', UnknownMessageId: '未知消息标识', Failed: '失败',
    VersionMismatch: '版本不匹配', Faulted: '充电枪故障', Occupied: '充电枪占用中', Unavailable: '充电枪不可用',
  },
};

export default {
  en: {
    app: {
      device: {
        title: 'Device management', subtitle: 'OCPP configuration, commands, local list and reservations',
        tabs: { configuration: 'Configuration', commands: 'Commands', local_list: 'Local list', reservations: 'Reservations' },
        keys: 'Keys', keys_help: 'Comma separated; empty reads every key', read: 'Read configuration', config_hint: 'Read the configuration to see the charger\'s keys.',
        config_empty: 'The charger reported no keys', key: 'Key', value: 'Value', access: 'Access', readonly: 'Read-only', writable: 'Writable',
        unknown_keys: 'Unknown keys',
        clear_cache: 'Clear cache', clear_cache_help: 'The charger forgets the cards it cached.', clear_cache_title: 'Clear the cache?',
        clear_cache_confirm: 'Cards the charger cached are asked about again at their next swipe.',
        trigger: 'Trigger a message', message: 'Message', connector: 'Connector', connector_any: 'Empty: every connector', send: 'Send',
        data_transfer: 'Data transfer', vendor_id: 'Vendor ID', message_id: 'Message ID', data: 'Data',
        local_list_help: 'The company\'s cards accepted at this charger, so it authorises them offline.',
        list_version: 'Version sent', charger_version: 'Version on the charger', entries: 'Cards', last_sent: 'Last sent', never_sent: 'Never sent',
        update: { Full: 'Full', Differential: 'Differential' },
        send_full: 'Send full list', send_diff: 'Send changes', read_version: 'Read version',
        id_tag: 'Card / idTag', id_tag_help: 'Card number or idTag', expiry_minutes: 'Expires in (min)', reserve: 'Reserve',
        reservations_empty: 'No reservations', expires: 'Expires', state: 'Status', order: 'Order',
        cancel_reservation: 'Cancel', cancel_title: 'Cancel reservation %{id}?', cancel_confirm: 'The connector is free for anyone again.',
        reservation: { REQUESTED: 'Requested', ACCEPTED: 'Active', REFUSED: 'Refused', USED: 'Used', CANCELLED: 'Cancelled', EXPIRED: 'Expired' },
        status: status.en,
      },
    },
  },
  zh: {
    app: {
      device: {
        title: '设备管理', subtitle: 'OCPP 配置、指令、本地列表与预约',
        tabs: { configuration: '配置', commands: '指令', local_list: '本地列表', reservations: '预约' },
        keys: '配置项', keys_help: '以逗号分隔；留空读取全部', read: '读取配置', config_hint: '读取配置以查看充电桩的配置项。',
        config_empty: '充电桩未返回配置项', key: '配置项', value: '值', access: '权限', readonly: '只读', writable: '可修改',
        unknown_keys: '未知配置项',
        clear_cache: '清除缓存', clear_cache_help: '充电桩将忘记已缓存的卡。', clear_cache_title: '清除缓存？',
        clear_cache_confirm: '已缓存的卡在下次刷卡时将重新验证。',
        trigger: '触发消息', message: '消息', connector: '充电枪', connector_any: '留空：全部充电枪', send: '发送',
        data_transfer: '数据传输', vendor_id: '厂商标识', message_id: '消息标识', data: '数据',
        local_list_help: '本公司在此充电桩可用的卡，充电桩离线时也能授权。',
        list_version: '已发送版本', charger_version: '充电桩上的版本', entries: '卡数', last_sent: '最近发送', never_sent: '从未发送',
        update: { Full: '完整', Differential: '差分' },
        send_full: '发送完整列表', send_diff: '发送变更', read_version: '读取版本',
        id_tag: '卡 / idTag', id_tag_help: '卡号或 idTag', expiry_minutes: '有效期（分钟）', reserve: '预约',
        reservations_empty: '暂无预约', expires: '到期时间', state: '状态', order: '订单',
        cancel_reservation: '取消', cancel_title: '取消预约 %{id}？', cancel_confirm: '该充电枪将重新对所有人开放。',
        reservation: { REQUESTED: '请求中', ACCEPTED: '有效', REFUSED: '被拒绝', USED: '已使用', CANCELLED: '已取消', EXPIRED: '已过期' },
        status: status.zh,
      },
    },
  },
};
