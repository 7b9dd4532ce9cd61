/** Messages of the Operators screen (`#/System/Operators`, requirements §3 "Operator company"). */
export default {
  en: {
    resources: {
      company: {
        name: 'Operator |||| Operators',
        fields: {
          id: 'ID', name: 'Operator name', code: 'Company code', currency: 'Currency', address: 'Address', remark: 'Remark',
          servicePhone: 'Service phone', serviceEmail: 'Service email', adminUsername: 'Administrator username',
          password: 'Initial password', adminEmail: 'Administrator email', logo: 'Logo', timeZone: 'Time zone',
          createdAt: 'Created', q: 'Search',
        },
        create_title: 'New operator',
        edit_title: 'Edit operator',
        show_title: 'Operator',
        helpers: {
          code: 'Letters, digits, _ and -; fixed after creation (it prefixes charger serial numbers).',
          adminUsername: 'The operator administrator account created with the operator.',
          logo: 'JPG or PNG, at most 200 KB.',
          timeZone: 'Day boundaries of the operator’s reports.',
        },
        actions: { upload_logo: 'Upload logo', remove_logo: 'Remove logo' },
        messages: { logo_uploaded: 'Logo uploaded', created: 'Operator created with its administrator and default station group' },
      },
    },
  },
  zh: {
    resources: {
      company: {
        name: '运营商',
        fields: {
          id: 'ID', name: '运营商名称', code: '公司编码', currency: '币种', address: '地址', remark: '备注',
          servicePhone: '客服电话', serviceEmail: '客服邮箱', adminUsername: '管理员用户名',
          password: '初始密码', adminEmail: '管理员邮箱', logo: 'Logo', timeZone: '时区',
          createdAt: '创建时间', q: '搜索',
        },
        create_title: '新建运营商',
        edit_title: '编辑运营商',
        show_title: '运营商',
        helpers: {
          code: '字母、数字、_ 和 -；创建后不可修改（用作充电桩序列号前缀）。',
          adminUsername: '随运营商一起创建的运营商管理员账号。',
          logo: 'JPG 或 PNG，不超过 200 KB。',
          timeZone: '运营商报表的日界线。',
        },
        actions: { upload_logo: '上传 Logo', remove_logo: '移除 Logo' },
        messages: { logo_uploaded: 'Logo 已上传', created: '运营商已创建，同时创建了管理员和默认站点分组' },
      },
    },
  },
};
