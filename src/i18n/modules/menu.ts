/** Messages of the Menu screen (`#/System/Menu`, requirements §3 "Menu item"). */
export default {
  en: {
    resources: {
      menu: {
        name: 'Menu |||| Menus',
        fields: {
          id: 'ID', name: 'Menu name', routeKey: 'Route key', orderNum: 'Order', level: 'Level', enabled: 'Status',
          permission: 'Permission', url: 'URL', icon: 'Icon', parentId: 'Parent menu', configurable: 'Configurable',
          hidden: 'Hidden from the sidebar', title: 'Title',
        },
        values: { enabled: { true: 'Enabled', false: 'Disabled' }, yes: 'Yes', no: 'No', top: 'Top level' },
        create_title: 'New menu',
        edit_title: 'Edit menu',
        helpers: {
          parentId: 'Required below the top level; the parent must be one level up.',
          seeded: 'A built-in menu keeps its URL and permission.',
          configurable: 'Offered in the role editor.',
        },
        actions: { enable: 'Enable', disable: 'Disable', add_child: 'Add child', expand_all: 'Expand all', collapse_all: 'Collapse all' },
        confirm: {
          enable_title: 'Enable menu %{name}?',
          enable_content: 'The menu appears again in the sidebars of the users whose role grants it.',
          disable_title: 'Disable menu %{name}?',
          disable_content: 'The menu and its sub-menus disappear from every sidebar. Roles keep their permissions.',
        },
        messages: { enabled: 'Menu enabled', disabled: 'Menu disabled', saved: 'Menu saved' },
      },
    },
  },
  zh: {
    resources: {
      menu: {
        name: '菜单',
        fields: {
          id: 'ID', name: '菜单名称', routeKey: '路由键', orderNum: '排序', level: '层级', enabled: '状态',
          permission: '权限标识', url: 'URL', icon: '图标', parentId: '上级菜单', configurable: '可配置',
          hidden: '不在侧边栏显示', title: '标题',
        },
        values: { enabled: { true: '启用', false: '停用' }, yes: '是', no: '否', top: '顶级' },
        create_title: '新建菜单',
        edit_title: '编辑菜单',
        helpers: {
          parentId: '非顶级菜单必填；上级菜单必须高一级。',
          seeded: '内置菜单的 URL 和权限标识不可修改。',
          configurable: '在角色编辑中可选。',
        },
        actions: { enable: '启用', disable: '停用', add_child: '添加子菜单', expand_all: '全部展开', collapse_all: '全部收起' },
        confirm: {
          enable_title: '启用菜单 %{name}？',
          enable_content: '角色授予该菜单的用户将在侧边栏中再次看到它。',
          disable_title: '停用菜单 %{name}？',
          disable_content: '该菜单及其子菜单将从所有侧边栏中消失，角色的权限保持不变。',
        },
        messages: { enabled: '菜单已启用', disabled: '菜单已停用', saved: '菜单已保存' },
      },
    },
  },
};
