/** Messages of System › Device Version (the firmware catalogue, requirements §15). */
export default {
  en: {
    resources: {
      firmware: {
        name: 'Firmware |||| Firmware',
        fields: {
          id: 'ID', name: 'Name', deviceType: 'Device type', deviceModel: 'Device model', version: 'Version', changeLog: 'Change log',
          isPublic: 'Public', fileName: 'File', fileSize: 'Size', sha256: 'SHA-256', companyName: 'Company', companyCode: 'Company',
          createdAt: 'Created', createdBy: 'Created by', fileId: 'File', q: 'Search',
        },
        values: {
          deviceType: { AC: 'AC charger', DC: 'DC charger', GATEWAY: 'Gateway' },
          isPublic: { true: 'Public', false: 'Own company' },
        },
        helpers: {
          deviceModel: 'As the charger reports it in its BootNotification (e.g. Terra 54)',
          version: 'e.g. 1.2.3, V2.0.1 or 2.1.0-beta.2',
          isPublic: 'Public versions are seen by every operator; the others by your company only',
        },
        upload: {
          pick: 'Choose a .hex or .bin file',
          replace: 'Choose another file',
          hint: 'Checked on upload: Intel HEX records, or a binary image',
        },
        platform: 'Platform',
        create_title: 'New device version',
        confirm_delete_title: 'Delete %{name}?',
        confirm_delete: 'The version and its file are deleted. Versions already used by an upgrade are kept.',
      },
    },
  },
  zh: {
    resources: {
      firmware: {
        name: '固件',
        fields: {
          id: 'ID', name: '名称', deviceType: '设备类型', deviceModel: '设备型号', version: '版本', changeLog: '更新日志',
          isPublic: '公开', fileName: '文件', fileSize: '大小', sha256: 'SHA-256', companyName: '公司', companyCode: '公司',
          createdAt: '创建时间', createdBy: '创建人', fileId: '文件', q: '搜索',
        },
        values: {
          deviceType: { AC: '交流充电桩', DC: '直流充电桩', GATEWAY: '网关' },
          isPublic: { true: '公开', false: '本公司' },
        },
        helpers: {
          deviceModel: '与充电桩在 BootNotification 中报告的型号一致（例如 Terra 54）',
          version: '例如 1.2.3、V2.0.1 或 2.1.0-beta.2',
          isPublic: '公开版本对所有运营商可见，其他版本仅本公司可见',
        },
        upload: {
          pick: '选择 .hex 或 .bin 文件',
          replace: '重新选择文件',
          hint: '上传时检查：Intel HEX 记录或二进制镜像',
        },
        platform: '平台',
        create_title: '新建设备版本',
        confirm_delete_title: '删除 %{name}？',
        confirm_delete: '将删除该版本及其文件。已被升级任务使用的版本会保留。',
      },
    },
  },
};
