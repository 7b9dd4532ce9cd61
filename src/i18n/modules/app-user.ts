/** Messages of the app user screens (`#/ChargerUsers/AppUsers`, spec §2–§3). */
export default {
  en: {
    resources: {
      'app-user': {
        name: 'App user |||| App users',
        no_orders: 'No orders yet',
        fields: {
          id: 'ID',
          nickname: 'Nickname',
          mobile: 'Mobile',
          fullName: 'Full name',
          email: 'Email',
          companyCode: 'Operator',
          companyName: 'Operator',
          active: 'Status',
          registrationMethod: 'Registered with',
          idTag: 'ID tag',
          balance: 'Balance',
          currency: 'Currency',
          orderCount: 'Orders',
          totalSpend: 'Total spend',
          joinedDate: 'Joined',
          actions: 'Actions',
          q: 'Search',
        },
        filters: { q: 'Nickname, mobile, name, email' },
        tabs: { orders: 'Order history' },
        values: {
          active: { true: 'Active', false: 'Inactive' },
          registrationMethod: { MOBILE: 'Mobile', EMAIL: 'E-mail', WECHAT: 'WeChat', GOOGLE: 'Google', APPLE: 'Apple' },
        },
      },
    },
  },
  zh: {
    resources: {
      'app-user': {
        name: 'App 用户',
        no_orders: '暂无订单',
        fields: {
          id: 'ID',
          nickname: '昵称',
          mobile: '手机号',
          fullName: '姓名',
          email: '邮箱',
          companyCode: '运营商',
          companyName: '运营商',
          active: '状态',
          registrationMethod: '注册方式',
          idTag: 'ID 标签',
          balance: '余额',
          currency: '币种',
          orderCount: '订单数',
          totalSpend: '累计消费',
          joinedDate: '注册日期',
          actions: '操作',
          q: '搜索',
        },
        filters: { q: '昵称、手机号、姓名、邮箱' },
        tabs: { orders: '订单记录' },
        values: {
          active: { true: '启用', false: '停用' },
          registrationMethod: { MOBILE: '手机号', EMAIL: '邮箱', WECHAT: '微信', GOOGLE: 'Google', APPLE: 'Apple' },
        },
      },
    },
  },
};
