/** Messages of the Accounts screen (`#/SystemUsers/Accounts`, requirements §3 "Account", §5 reset password). */
export default {
  en: {
    resources: {
      'company/user': {
        name: 'Account |||| Accounts',
        fields: {
          id: 'ID', companyCode: 'Company', companyName: 'Operator', username: 'Username', userType: 'User type',
          realName: 'Real name', phone: 'Mobile', email: 'Email', roleId: 'Role', roleName: 'Role',
          managedStationIds: 'Managed stations', active: 'Status', createdAt: 'Joined', password: 'Password',
          confirmPassword: 'Confirm password', q: 'Search',
        },
        values: { active: { true: 'Active', false: 'Inactive' } },
        create_title: 'New account',
        edit_title: 'Edit account',
        helpers: {
          managedStationIds: 'A station manager sees only the rows of these stations.',
          roleId: 'Roles of the chosen company and platform roles.',
        },
        actions: { activate: 'Activate', deactivate: 'Deactivate', reset_password: 'Reset password' },
        confirm: {
          activate_title: 'Activate %{name}?',
          activate_content: 'The account can sign in again.',
          deactivate_title: 'Deactivate %{name}?',
          deactivate_content: 'The account is signed out everywhere and cannot sign in until it is activated again.',
        },
        reset: {
          title: 'Reset the password of %{name}',
          new_password: 'New password',
          confirm_password: 'Confirm password',
          type_to_confirm: 'Type %{word} to confirm',
          confirm_mismatch: 'Type the username exactly to enable saving',
          saved: 'Password reset; the account’s sessions have ended',
        },
        messages: { activated: 'Account activated', deactivated: 'Account deactivated' },
        errors: { real_name_digits: 'The real name cannot contain digits' },
      },
    },
  },
  zh: {
    resources: {
      'company/user': {
        name: '账号',
        fields: {
          id: 'ID', companyCode: '公司', companyName: '运营商', username: '用户名', userType: '用户类型',
          realName: '真实姓名', phone: '手机', email: '邮箱', roleId: '角色', roleName: '角色',
          managedStationIds: '管理的站点', active: '状态', createdAt: '加入时间', password: '密码',
          confirmPassword: '确认密码', q: '搜索',
        },
        values: { active: { true: '启用', false: '停用' } },
        create_title: '新建账号',
        edit_title: '编辑账号',
        helpers: {
          managedStationIds: '站点管理员只能看到这些站点的数据。',
          roleId: '所选公司的角色及平台角色。',
        },
        actions: { activate: '启用', deactivate: '停用', reset_password: '重置密码' },
        confirm: {
          activate_title: '启用 %{name}？',
          activate_content: '该账号将可以再次登录。',
          deactivate_title: '停用 %{name}？',
          deactivate_content: '该账号将在所有设备上退出登录，重新启用前无法登录。',
        },
        reset: {
          title: '重置 %{name} 的密码',
          new_password: '新密码',
          confirm_password: '确认密码',
          type_to_confirm: '输入 %{word} 以确认',
          confirm_mismatch: '请准确输入用户名后才能保存',
          saved: '密码已重置，该账号的登录会话已结束',
        },
        messages: { activated: '账号已启用', deactivated: '账号已停用' },
        errors: { real_name_digits: '真实姓名不能包含数字' },
      },
    },
  },
};
