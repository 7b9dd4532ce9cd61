/** Messages of the rate templates tab and the template editor (requirements §3 "Pricing (rate) template", §5). */
export default {
  en: {
    resources: {
      'rate-template': {
        name: 'Rate template |||| Rate templates',
        fields: {
          id: 'ID', modelName: 'Model name', companyCode: 'Company code', companyName: 'Operator', type: 'Type', description: 'Description',
          currency: 'Currency', serviceFeePerKwh: 'Service fee per kWh', serviceTax: 'Service tax (%)', activated: 'Activated',
          taxes: 'Taxes', taxName: 'Tax name', taxPercentage: 'Percentage (%)', details: 'Time-of-use windows', startTime: 'Start',
          endTime: 'End', electricityFeePerKwh: 'Electricity fee per kWh', stationCount: 'Stations', createdAt: 'Created',
          updatedAt: 'Updated', q: 'Search',
        },
        values: {
          type: { FREE: 'Free', CHARGED: 'Charged' },
          currency: {
            NO_CURRENCY: 'No currency', HKD: 'HKD · Hong Kong dollar', MOP: 'MOP · Macanese pataca', TWD: 'TWD · New Taiwan dollar',
            CNY: 'CNY · Chinese yuan', KRW: 'KRW · Korean won', JPY: 'JPY · Japanese yen', EUR: 'EUR · Euro', SUR: 'SUR · Soviet rouble',
            DEM: 'DEM · Deutsche Mark', GBP: 'GBP · Pound sterling', FRF: 'FRF · French franc', USD: 'USD · US dollar',
          },
        },
        sections: { fees: 'Service fee and tax', taxes: 'Taxes (1 to %{max})', time_of_use: 'Time of use (up to %{max} windows covering 24 hours)' },
        helpers: {
          per_kwh: '%{currency} per kWh, at most 2 decimals',
          free: 'A free template has no time-of-use windows: charging costs nothing.',
          all_good: 'The template is valid and can be saved.',
        },
        actions: {
          add_tax: 'Add tax', remove_tax: 'Remove tax', add_row: 'Add window', remove_row: 'Remove window', split: 'Split window in two',
          sort_rows: 'Sort by start time',
        },
        timeline: { gap: 'Gap', overlap: 'Overlap', legend_problem: 'Gap or overlap' },
        errors: {
          model_name_empty: 'Model name cannot be empty',
          fee2: 'A fee with at most 2 decimals',
          fee4: 'A fee with at most 4 decimals',
          percent2: 'A percentage with at most 2 decimals',
          percent3: 'A percentage with at most 3 decimals',
          max_taxes: 'At most %{max} tax rows here: remove one',
        },
        dialog: {
          edit_title: 'Edit rate template',
          station_note: 'Edited from the station: 1 to %{max} tax rows.',
          free_note: 'It is shown read-only here; to charge for energy, choose or create a charged template.',
        },
        confirm: {
          activate_title: 'Activate "%{name}"?',
          activate: 'Stations can then be priced with this template.',
          deactivate_title: 'Deactivate "%{name}"?',
          deactivate: 'New stations can no longer choose this template.',
        },
        notifications: { activated: 'Template activated', deactivated: 'Template deactivated' },
        confirm_delete: 'The template is deleted. An activated template, or one a station uses, cannot be deleted.',
        create_title: 'New rate template',
        edit_title: 'Rate template %{name}',
        windows_count: '%{smart_count} window |||| %{smart_count} windows',
      },
    },
  },
  zh: {
    resources: {
      'rate-template': {
        name: '费率模板',
        fields: {
          id: 'ID', modelName: '模板名称', companyCode: '公司编码', companyName: '运营商', type: '类型', description: '描述',
          currency: '币种', serviceFeePerKwh: '每度服务费', serviceTax: '服务税（%）', activated: '已启用',
          taxes: '税项', taxName: '税名', taxPercentage: '税率（%）', details: '分时段', startTime: '开始',
          endTime: '结束', electricityFeePerKwh: '每度电费', stationCount: '站点数', createdAt: '创建时间',
          updatedAt: '更新时间', q: '搜索',
        },
        values: {
          type: { FREE: '免费', CHARGED: '收费' },
          currency: {
            NO_CURRENCY: '无币种', HKD: 'HKD · 港币', MOP: 'MOP · 澳门元', TWD: 'TWD · 新台币',
            CNY: 'CNY · 人民币', KRW: 'KRW · 韩元', JPY: 'JPY · 日元', EUR: 'EUR · 欧元', SUR: 'SUR · 苏联卢布',
            DEM: 'DEM · 德国马克', GBP: 'GBP · 英镑', FRF: 'FRF · 法国法郎', USD: 'USD · 美元',
          },
        },
        sections: { fees: '服务费与税', taxes: '税项（1 至 %{max} 项）', time_of_use: '分时段（最多 %{max} 段，覆盖 24 小时）' },
        helpers: {
          per_kwh: '每度 %{currency}，最多 2 位小数',
          free: '免费模板没有分时段：充电不收费。',
          all_good: '模板有效，可以保存。',
        },
        actions: {
          add_tax: '添加税项', remove_tax: '删除税项', add_row: '添加时段', remove_row: '删除时段', split: '将时段一分为二',
          sort_rows: '按开始时间排序',
        },
        timeline: { gap: '空缺', overlap: '重叠', legend_problem: '空缺或重叠' },
        errors: {
          model_name_empty: '模板名称不能为空',
          fee2: '费用最多 2 位小数',
          fee4: '费用最多 4 位小数',
          percent2: '百分比最多 2 位小数',
          percent3: '百分比最多 3 位小数',
          max_taxes: '此处最多 %{max} 个税项：请删除一项',
        },
        dialog: {
          edit_title: '编辑费率模板',
          station_note: '在站点中编辑：1 至 %{max} 个税项。',
          free_note: '此处仅供查看；如需收费，请选择或新建收费模板。',
        },
        confirm: {
          activate_title: '启用“%{name}”？',
          activate: '之后站点可以使用此模板计费。',
          deactivate_title: '停用“%{name}”？',
          deactivate: '新站点将不能再选择此模板。',
        },
        notifications: { activated: '模板已启用', deactivated: '模板已停用' },
        confirm_delete: '模板将被删除。已启用或被站点使用的模板不能删除。',
        create_title: '新建费率模板',
        edit_title: '费率模板 %{name}',
        windows_count: '%{smart_count} 个时段',
      },
    },
  },
};
