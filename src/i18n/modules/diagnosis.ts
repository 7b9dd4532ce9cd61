/** Messages of Events → Diagnosis (`#/Events/Diagnosis`). */
export default {
  en: {
    app: {
      diagnosis: {
        start: 'Since',
        show: 'Show',
        choose: 'Choose a charger and a time to see its readings',
        updated: 'Updated %{time} · every 3 s',
        bad_start: 'Query time interval error: the time may not lie in the future nor more than a day back',
        online: 'Online', offline: 'Offline', station: 'Station', last_seen: 'Last heard', model: 'Model', firmware: 'Firmware',
        open_events: 'Open events', connector: 'Connector', no_connectors: 'No connector has reported yet',
        no_readings: 'No meter values since this time', status_changes: 'Status changes', no_status_changes: 'No status change since this time',
        time: 'Time', status: 'Status', error: 'Error',
        figures: {
          power: 'Power', energy: 'Energy register', voltage: 'Voltage', current: 'Current', current_L1: 'Current L1', current_L2: 'Current L2',
          current_L3: 'Current L3', temperature: 'Temperature', soc: 'State of charge',
        },
        charts: { power: 'Power (kW)', current: 'Current per phase (A)', soc: 'State of charge (%)' },
      },
    },
  },
  zh: {
    app: {
      diagnosis: {
        start: '开始时间',
        show: '查看',
        choose: '请选择充电桩和时间以查看其读数',
        updated: '更新于 %{time} · 每3秒刷新',
        bad_start: '查询时间区间错误：时间不能晚于现在，也不能早于一天前',
        online: '在线', offline: '离线', station: '站点', last_seen: '最近通信', model: '型号', firmware: '固件',
        open_events: '未处理事件', connector: '枪', no_connectors: '尚无充电枪上报',
        no_readings: '此时间以来没有电表数据', status_changes: '状态变化', no_status_changes: '此时间以来没有状态变化',
        time: '时间', status: '状态', error: '错误',
        figures: {
          power: '功率', energy: '电能读数', voltage: '电压', current: '电流', current_L1: 'L1 电流', current_L2: 'L2 电流',
          current_L3: 'L3 电流', temperature: '温度', soc: '电量 (SoC)',
        },
        charts: { power: '功率 (kW)', current: '各相电流 (A)', soc: '电量 (%)' },
      },
    },
  },
};
