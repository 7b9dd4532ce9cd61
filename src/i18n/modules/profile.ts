/** Messages of the own account page, its dialogs and the notification preference page (requirements §2, §3). */
export default {
  en: {
    app: {
      profile: {
        details: 'Account details',
        edit: 'Edit details',
        saved: 'Details saved',
        avatar: 'Avatar',
        upload_avatar: 'Change avatar',
        avatar_help: 'JPG or PNG, at most 2 MB and 300 × 300 pixels.',
        avatar_saved: 'Avatar updated',
        old_password: 'Current password',
        company: 'Operator',
        joined: 'Joined',
        notification_preference: 'Notification preference',
      },
      notification_pref: {
        title: 'Notification preference',
        help: 'Saved with your account: these settings follow you to any browser.',
        enabled: 'Notifications on',
        method: 'Method',
        methods: { IN_APP: 'In the console', EMAIL: 'Email', BOTH: 'Console and email' },
        emails: 'Notified people (emails, one per line)',
        events: 'Events',
        event_types: {
          OFFLINE: 'Charger offline', FAULT: 'Charger fault', RECOVERED: 'Fault recovered',
          REPORT_TICKET: 'Report ticket', ORDER_ABNORMAL: 'Abnormal order',
        },
        ignore_heartbeat: 'Ignore heartbeat events',
        saved: 'Preferences saved',
        bad_email: 'Not a valid email: %{email}',
      },
    },
  },
  zh: {
    app: {
      profile: {
        details: '账号信息',
        edit: '编辑信息',
        saved: '信息已保存',
        avatar: '头像',
        upload_avatar: '更换头像',
        avatar_help: 'JPG 或 PNG，不超过 2 MB 且不超过 300 × 300 像素。',
        avatar_saved: '头像已更新',
        old_password: '当前密码',
        company: '运营商',
        joined: '加入时间',
        notification_preference: '通知偏好',
      },
      notification_pref: {
        title: '通知偏好',
        help: '随你的账号保存，在任何浏览器中都有效。',
        enabled: '开启通知',
        method: '通知方式',
        methods: { IN_APP: '控制台内', EMAIL: '邮件', BOTH: '控制台和邮件' },
        emails: '通知人（邮箱，每行一个）',
        events: '事件',
        event_types: {
          OFFLINE: '充电桩离线', FAULT: '充电桩故障', RECOVERED: '故障恢复',
          REPORT_TICKET: '报障工单', ORDER_ABNORMAL: '异常订单',
        },
        ignore_heartbeat: '忽略心跳事件',
        saved: '偏好已保存',
        bad_email: '无效的邮箱：%{email}',
      },
    },
  },
};
