/** Messages of the notification bell and the notifications page (the notices themselves: domain/notices.ts). */
import { bilingual } from '../bilingual';

export default bilingual('', {
  'menu.notifications': ['Notifications', '通知'],
  'app.notices.title': ['Notifications', '通知'],
  'app.notices.mark_all_read': ['Mark all read', '全部标为已读'],
  'app.notices.see_all': ['See all (%{count})', '查看全部（%{count}）'],
  'app.notices.unread': ['Unread', '未读'],
  'app.notices.open': ['Open', '打开'],
  'app.notices.unread_count': ['%{count} unread', '%{count} 条未读'],
  'app.notices.repeated': ['%{count} times, last %{last}', '共 %{count} 次，最近 %{last}'],
  'app.notices.status.HAPPENING': ['Ongoing', '进行中'],
  'app.notices.status.RECOVERED': ['Recovered', '已恢复'],
  'app.notices.status.PROCESSED': ['Processed', '已处理'],
  'app.notices.status.IGNORED': ['Ignored', '已忽略'],
});
