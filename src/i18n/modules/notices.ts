/** Messages of the notification bell and the notifications page (the notices themselves: domain/notices.ts). */
export default {
  en: {
    menu: { notifications: 'Notifications' },
    app: {
      notices: {
        title: 'Notifications',
        mark_all_read: 'Mark all read',
        see_all: 'See all (%{count})',
        unread: 'Unread',
        unread_count: '%{count} unread',
        repeated: '%{count} times, last %{last}',
        status: { HAPPENING: 'Ongoing', RECOVERED: 'Recovered', PROCESSED: 'Processed' },
      },
    },
  },
  zh: {
    menu: { notifications: '通知' },
    app: {
      notices: {
        title: '通知',
        mark_all_read: '全部标为已读',
        see_all: '查看全部（%{count}）',
        unread: '未读',
        unread_count: '%{count} 条未读',
        repeated: '共 %{count} 次，最近 %{last}',
        status: { HAPPENING: '进行中', RECOVERED: '已恢复', PROCESSED: '已处理' },
      },
    },
  },
};
