/** Messages of the home station screens: home chargers, home app users and home orders (requirements §16). */
export default {
  en: {
    resources: {
      'home-charger': {
        name: 'Home charger |||| Home chargers',
        fields: {
          serialNum: 'Charger SN', ownerAppUserId: 'Owner', ownerNickname: 'Owner', maxCurrentA: 'Maximum current (A)',
          loadBalancing: 'Home load balancing', loadBalancingCurrentA: 'Load-balancing current (A)', runStatus: 'Status',
          firmwareVersion: 'Firmware', memberCount: 'Users', lastCommand: 'Charger\'s answer', online: 'Online', q: 'Search', companyCode: 'Operator',
        },
        helpers: {
          maxCurrentA: '6–80 A per phase; sent to the charger as its maximum (ChargePointMaxProfile)',
          loadBalancing: 'When on, the charger is held to the load-balancing current so the house supply is not overloaded',
        },
        outcome: { accepted: 'The charger answered %{status}', none: 'Not sent yet' },
        effective: 'The charger is limited to %{limit} A',
        resend: 'Send again',
        create_title: 'New home charger',
        edit_title: 'Home charger',
        confirm_delete: 'The charger leaves the home edition; its users lose their access.',
      },
      'home-app-user': {
        name: 'Home app user |||| Home app users',
        tab: 'App users',
        fields: {
          nickname: 'Nickname', mobile: 'Contact', level: 'Level', chargerSn: 'Charger SN', lastLoginAt: 'Last login',
          orderCount: 'Orders', homeChargerId: 'Home charger', appUserId: 'App user', q: 'Search', companyCode: 'Operator',
        },
        values: { level: { OWNER: 'Owner', FAMILY: 'Family', GUEST: 'Guest' } },
        share: 'Share a charger',
        share_title: 'Share a home charger',
        withdraw: 'Withdraw',
        withdraw_title: 'Withdraw access',
        confirm_withdraw: '%{name} can no longer use charger %{sn}.',
      },
      'home-order': {
        name: 'Home order |||| Home orders',
        tab: 'Home orders',
        fields: {
          code: 'Order code', chargerSn: 'Charger SN', startType: 'Start type', nickname: 'User', createTime: 'Created', closeTime: 'Closed',
          startTime: 'Start', stopTime: 'Stop', energyKwh: 'Energy', status: 'Status', q: 'Search',
        },
        values: { startType: { RESERVE: 'Reservation', APP_START: 'App start', SMART_CHARGING: 'Smart charging', CARD_SWIPE: 'Card swipe' } },
      },
    },
  },
  zh: {
    resources: {
      'home-charger': {
        name: '家用充电桩',
        fields: {
          serialNum: '充电桩序列号', ownerAppUserId: '桩主', ownerNickname: '桩主', maxCurrentA: '最大电流（A）',
          loadBalancing: '家庭负载均衡', loadBalancingCurrentA: '负载均衡电流（A）', runStatus: '状态',
          firmwareVersion: '固件', memberCount: '用户数', lastCommand: '充电桩应答', online: '在线', q: '搜索', companyCode: '运营商',
        },
        helpers: {
          maxCurrentA: '每相 6–80 A；作为充电桩最大电流下发（ChargePointMaxProfile）',
          loadBalancing: '开启后充电桩电流不超过负载均衡电流，避免家庭供电过载',
        },
        outcome: { accepted: '充电桩应答：%{status}', none: '尚未下发' },
        effective: '充电桩限流 %{limit} A',
        resend: '重新下发',
        create_title: '新建家用充电桩',
        edit_title: '家用充电桩',
        confirm_delete: '该充电桩将退出家用版，其用户将失去使用权限。',
      },
      'home-app-user': {
        name: '家用App用户',
        tab: 'App用户',
        fields: {
          nickname: '昵称', mobile: '联系方式', level: '级别', chargerSn: '充电桩序列号', lastLoginAt: '最近登录',
          orderCount: '订单数', homeChargerId: '家用充电桩', appUserId: 'App用户', q: '搜索', companyCode: '运营商',
        },
        values: { level: { OWNER: '桩主', FAMILY: '家人', GUEST: '访客' } },
        share: '共享充电桩',
        share_title: '共享家用充电桩',
        withdraw: '取消共享',
        withdraw_title: '取消使用权限',
        confirm_withdraw: '%{name} 将不能再使用充电桩 %{sn}。',
      },
      'home-order': {
        name: '家用订单',
        tab: '家用订单',
        fields: {
          code: '订单编号', chargerSn: '充电桩序列号', startType: '启动方式', nickname: '用户', createTime: '创建时间', closeTime: '关闭时间',
          startTime: '开始时间', stopTime: '结束时间', energyKwh: '电量', status: '状态', q: '搜索',
        },
        values: { startType: { RESERVE: '预约', APP_START: 'App启动', SMART_CHARGING: '智能充电', CARD_SWIPE: '刷卡' } },
      },
    },
  },
};
