/** Messages of Report Tickets (requirements R2.11, R3.17, §14): fields, statuses, reply and close. */
export default {
  en: {
    resources: {
      'report-ticket': {
        name: 'Report ticket |||| Report tickets',
        fields: {
          serialNum: 'Ticket no', nickname: 'Nickname', email: 'Email', subject: 'Subject', message: 'Message', attachments: 'Attachments',
          createTime: 'Create time', status: 'Status', replyText: 'Reply', replyTime: 'Reply time', companyCode: 'Company', companyName: 'Company',
          closeTime: 'Closed', language: 'Language', q: 'Search', startTime: 'Created from',
        },
        status: { OPEN: 'Open', REPLIED: 'Replied', CLOSED: 'Closed' },
        language: { en: 'English', zh: 'Chinese' },
        actions: { reply: 'Reply', close: 'Close ticket', send: 'Send reply' },
        reply_title: 'Reply to ticket %{serialNum}',
        reply_help: 'E-mailed to %{email} in %{language}. The ticket becomes Replied.',
        replied_by: 'Reply by %{user} · %{time}',
        close_title: 'Close ticket %{serialNum}?',
        close_content: 'A closed ticket takes no more replies.',
        done: { reply: 'Reply sent', close: 'Ticket closed' },
        no_attachments: 'No images',
        empty: 'No report ticket yet',
        not_found: 'No report ticket numbered %{serialNum}',
        back: 'All tickets',
      },
    },
  },
  zh: {
    resources: {
      'report-ticket': {
        name: '问题反馈 |||| 问题反馈',
        fields: {
          serialNum: '工单号', nickname: '昵称', email: '邮箱', subject: '主题', message: '内容', attachments: '附件',
          createTime: '创建时间', status: '状态', replyText: '回复', replyTime: '回复时间', companyCode: '公司', companyName: '公司',
          closeTime: '关闭时间', language: '语言', q: '搜索', startTime: '创建起始日',
        },
        status: { OPEN: '待处理', REPLIED: '已回复', CLOSED: '已关闭' },
        language: { en: '英文', zh: '中文' },
        actions: { reply: '回复', close: '关闭工单', send: '发送回复' },
        reply_title: '回复工单 %{serialNum}',
        reply_help: '将以%{language}发送至 %{email}，工单状态变为已回复。',
        replied_by: '%{user} 回复于 %{time}',
        close_title: '关闭工单 %{serialNum}？',
        close_content: '关闭后不能再回复。',
        done: { reply: '回复已发送', close: '工单已关闭' },
        no_attachments: '无图片',
        empty: '暂无问题反馈',
        not_found: '没有工单号为 %{serialNum} 的工单',
        back: '全部工单',
      },
    },
  },
};
