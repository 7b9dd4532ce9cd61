/** Messages of the Permissions (roles) screen (`#/SystemUsers/Permissions`, requirements §3 "Role"). */
export default {
  en: {
    resources: {
      role: {
        name: 'Role |||| Roles',
        fields: {
          id: 'ID', name: 'Role name', code: 'Role code', companyCode: 'Company code', description: 'Description',
          enabled: 'Status', remark: 'Remark', permissions: 'Menu permissions', createdAt: 'Created', q: 'Search',
        },
        values: { enabled: { true: 'Enabled', false: 'Disabled' }, platform: 'Platform role' },
        create_title: 'New role',
        edit_title: 'Edit role',
        helpers: {
          companyCode: 'Empty for a platform role (platform administrators only).',
          permissions: 'Tick the menus this role opens; a parent is granted with any of its children.',
        },
        tree: { expand_all: 'Expand all', collapse_all: 'Collapse all', selected: '%{count} selected', loading: 'Loading the menu…' },
        actions: { enable: 'Enable', disable: 'Disable' },
        confirm: {
          enable_title: 'Enable role %{name}?',
          enable_content: 'Its accounts get the role’s menus again.',
          disable_title: 'Disable role %{name}?',
          disable_content: 'Its accounts lose every menu of the role at their next call.',
        },
        messages: { enabled: 'Role enabled', disabled: 'Role disabled' },
      },
    },
  },
  zh: {
    resources: {
      role: {
        name: '角色',
        fields: {
          id: 'ID', name: '角色名称', code: '角色编码', companyCode: '公司编码', description: '描述',
          enabled: '状态', remark: '备注', permissions: '菜单权限', createdAt: '创建时间', q: '搜索',
        },
        values: { enabled: { true: '启用', false: '停用' }, platform: '平台角色' },
        create_title: '新建角色',
        edit_title: '编辑角色',
        helpers: {
          companyCode: '留空为平台角色（仅平台管理员）。',
          permissions: '勾选该角色可打开的菜单；勾选子菜单即同时授予其父菜单。',
        },
        tree: { expand_all: '全部展开', collapse_all: '全部收起', selected: '已选 %{count} 项', loading: '正在加载菜单…' },
        actions: { enable: '启用', disable: '停用' },
        confirm: {
          enable_title: '启用角色 %{name}？',
          enable_content: '持有该角色的账号将重新获得其菜单。',
          disable_title: '停用角色 %{name}？',
          disable_content: '持有该角色的账号将在下一次请求时失去该角色的全部菜单。',
        },
        messages: { enabled: '角色已启用', disabled: '角色已停用' },
      },
    },
  },
};
