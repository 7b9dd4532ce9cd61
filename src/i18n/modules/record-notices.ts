/**
 * Toasts after a create, update or delete name the record's kind ("Station created", "充电桩已更新")
 * instead of react-admin's generic "Element created": react-admin looks up
 * `resources.<resource>.notifications.<created|updated|deleted>` first. One table for every
 * resource the console writes through react-admin.
 */
const KINDS: Record<string, { en: string; zh: string }> = {
  charger: { en: 'Charger', zh: '充电桩' },
  'card-user': { en: 'Card user', zh: '卡用户' },
  'app-user': { en: 'App user', zh: 'App 用户' },
  station: { en: 'Station', zh: '站点' },
  'station-group': { en: 'Station group', zh: '站点分组' },
  gateway: { en: 'Gateway', zh: '网关' },
  'company/user': { en: 'Account', zh: '账号' },
  role: { en: 'Role', zh: '角色' },
  company: { en: 'Operator', zh: '运营商' },
  menu: { en: 'Menu', zh: '菜单' },
  'rate-template': { en: 'Rate template', zh: '费率模板' },
};

type Notices = { resources: Record<string, { notifications: { created: string; updated: string; deleted: string } }> };

const build = (lang: 'en' | 'zh'): Notices => ({
  resources: Object.fromEntries(
    Object.entries(KINDS).map(([resource, kind]) => [
      resource,
      {
        notifications:
          lang === 'en'
            ? {
                created: `${kind.en} created`,
                updated: `${kind.en} updated`,
                deleted: `${kind.en} deleted |||| %{smart_count} ${kind.en.toLowerCase()}s deleted`,
              }
            : { created: `${kind.zh}已创建`, updated: `${kind.zh}已更新`, deleted: `${kind.zh}已删除 |||| 已删除 %{smart_count} 个${kind.zh}` },
      },
    ]),
  ),
});

export default { en: build('en'), zh: build('zh') };
