/**
 * Issue #26 items 1, 5, 8 and 14 in pure form: which live `notice` frames toast and which bell
 * row they name; the page a notice leads to for an account that may not open events; the cross-link
 * paths (order → charger, station, card user; charger → station monitoring, events; event → charger
 * log around its time; search hit → station monitoring); the order page's message for a station
 * manager's order of another station; server-written event info in Chinese, old rows included; and
 * the remote stop offered only where a session runs, saying which session it stops.
 */
import { describe, expect, it } from 'vitest';
import { isNewNotice, rowOfFrame } from '../../../src/layout/NotificationBell';
import { notificationLink, type SystemNotification } from '../../../src/layout/notices';
import { cardUserPath, chargerLogPath, chargerPath, deviceEventsPath, mayOpen, stationMonitoringPath } from '../../../src/components/crossLinks';
import { orderErrorMessage } from '../../../resources/order/OrderShow';
import { eventInfoText } from '../../../domain/event-info';
import { isStaleReading } from '../../../src/pages/diagnosis/DiagnosisPage';
import { PERMISSIONS } from '../../../domain/permissions';
import { HttpError } from 'react-admin';
import { stopTargetText, stoppableConnectors } from '../../../src/components/commands/ChargerCommands';

const notice = (o: Partial<SystemNotification>): SystemNotification => ({ id: 1, systemNotificationType: 'EVENT', content: '', createTimeStamp: '', ...o });

describe('live notices', () => {
  it('toasts a new event or ticket, not a reopening or a change of status', () => {
    expect(isNewNotice({ type: 'EVENT', eventId: 1, change: 'opened' })).toBe(true);
    expect(isNewNotice({ type: 'EVENT', eventId: 1, change: 'opened', reopened: true })).toBe(false);
    expect(isNewNotice({ type: 'EVENT', eventId: 1, change: 'processed' })).toBe(false);
    expect(isNewNotice({ type: 'REPORT_TICKET', ticketNo: 'RT1', change: 'opened' })).toBe(true);
  });
  it('finds the row a frame announces', () => {
    const rows = [notice({ id: 1, eventId: 5 }), notice({ id: 2, systemNotificationType: 'REPORT_TICKET', ticketNo: 'RT9' })];
    expect(rowOfFrame(rows, { type: 'EVENT', eventId: 5, change: 'opened' })?.id).toBe(1);
    expect(rowOfFrame(rows, { type: 'REPORT_TICKET', ticketNo: 'RT9', change: 'opened' })?.id).toBe(2);
    expect(rowOfFrame(rows, { type: 'EVENT', eventId: 6, change: 'opened' })).toBeUndefined();
  });
  it('leads staff (no events, no station pages) to the charger monitoring row, never to a page they may not open', () => {
    const staff = [PERMISSIONS.monitoring.section, PERMISSIONS.monitoring.chargers, PERMISSIONS.operations.section, PERMISSIONS.operations.orders];
    const n = notice({ eventId: 3, chargerId: 7, serialNum: 'SN1' });
    expect(notificationLink(n)).toBe('/Events/Eventes/3/show');
    expect(notificationLink(n, staff)).toBe(`/Monitoring/ChargerMonitoring?filter=${encodeURIComponent('{"q":"SN1"}')}`);
    expect(notificationLink(n, [])).toBeNull();
    expect(notificationLink(n, ['role:admin'])).toBe('/Events/Eventes/3/show');
  });
});

describe('cross-links', () => {
  it('builds the paths', () => {
    expect(chargerPath(7)).toBe('/Stations/StationProfile/chargers/7/show');
    expect(stationMonitoringPath(3)).toBe('/Monitoring/StationMonitoring?stationId=3');
    expect(deviceEventsPath('SN 1')).toBe('/Events/Eventes?eventStatus=ALL&serialNum=SN+1');
    expect(cardUserPath('ABC')).toBe(`/ChargerUsers/CardUsers?filter=${encodeURIComponent('{"q":"ABC"}')}`);
    const at = new Date(2026, 10, 29, 10, 30, 20);
    const p = new URLSearchParams(chargerLogPath('SN1', at).split('?')[1]);
    expect(p.get('serialNum')).toBe('SN1');
    expect(p.get('start')).toBe('2026-11-29 10:20');
    expect(p.get('end')).toBe('2026-11-29 10:41');
  });
  it('knows which pages an account may open', () => {
    expect(mayOpen(stationMonitoringPath(3), [PERMISSIONS.monitoring.section, PERMISSIONS.monitoring.stations])).toBe(true);
    expect(mayOpen(deviceEventsPath('SN1'), [PERMISSIONS.monitoring.section])).toBe(false);
  });
});

describe('an order outside the stations', () => {
  it('says so to a station manager, and keeps other errors', () => {
    const scoped = new HttpError('x', 403, { code: 709 });
    expect(orderErrorMessage(scoped, 'STATION_MANAGER')).toBe('app.order.outside_stations');
    expect(orderErrorMessage(scoped, 'STAFF')).toBeNull();
    expect(orderErrorMessage(new HttpError('x', 400, { code: 400 }), 'STATION_MANAGER')).toBeNull();
  });
});

describe('event info in the reader language', () => {
  it('translates the server sentences, new and old rows alike, and keeps a charger text', () => {
    expect(eventInfoText('transaction 42', 'zh')).toBe('交易 42');
    expect(eventInfoText('transaction 42: 900 Wh at 2026-01-01T00:00:00.000Z after 1000 Wh', 'zh')).toBe(
      '交易 42：2026-01-01T00:00:00.000Z 读数 900 Wh，低于之前的 1000 Wh',
    );
    expect(eventInfoText('order CD1: close asked by volta.admin', 'zh')).toBe('订单 CD1：volta.admin 请求关闭');
    expect(eventInfoText('order CD1: late StopTransaction re-priced 1.00 → 2.00', 'zh')).toBe('订单 CD1：迟到的 StopTransaction 重新计价 1.00 → 2.00');
    expect(eventInfoText('order CD1: late StopTransaction correction', 'zh')).toBe('订单 CD1：迟到的 StopTransaction 更正');
    expect(eventInfoText('order CD1', 'zh')).toBe('订单 CD1');
    expect(eventInfoText('Relay welded', 'zh')).toBe('Relay welded');
    expect(eventInfoText('transaction 42', 'en')).toBe('transaction 42');
    expect(eventInfoText(null, 'zh')).toBeNull();
  });
});

describe('remote stop only where a session runs', () => {
  const base = { id: 1, serialNum: 'SN1', online: true, companyCode: 'VOLTA' };
  const conn = (connectorId: number, status: string) => ({ connectorId, status, errorCode: 'NoError', info: null, statusAt: '' });
  const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`;
  it('offers no connector on an idle or preparing charger', () => {
    expect(stoppableConnectors({ ...base, connectors: [conn(1, 'Available'), conn(2, 'Preparing')] })).toEqual([]);
    expect(stoppableConnectors({ ...base, connectors: [conn(1, 'Available'), conn(2, 'Charging')] })).toEqual([2]);
    // The sessions the page knows win over the statuses.
    expect(stoppableConnectors({ ...base, connectors: [conn(1, 'Charging')], sessions: [] })).toEqual([]);
  });
  it('says which session it will stop', () => {
    const record = {
      ...base,
      connectors: [conn(1, 'Charging')],
      sessions: [{ connectorId: 1, transactionId: 77, orderNo: 'CD1', idTag: 'TAG', userName: 'Ann' }],
    };
    expect(stopTargetText(record, { connectorId: 1 }, t)).toBe(
      'app.commands.remote-stop.confirm_session{"connector":1,"orderNo":"CD1","transaction":77,"user":"Ann (TAG)"}',
    );
    expect(stopTargetText(record, { connectorId: 1, transactionId: 5 }, t)).toBe('app.commands.remote-stop.confirm_transaction{"transaction":5}');
  });
});

describe('diagnosis readings older than the status', () => {
  const at = (m: number) => new Date(Date.UTC(2026, 10, 29, 10, m)).toISOString();
  it('greys out a reading taken before an idle status, never during a session or the energy register', () => {
    const available = { status: 'Available', statusTimeStamp: at(30) };
    expect(isStaleReading({ measurand: 'Power.Active.Import', timeStamp: at(10) }, available)).toBe(true);
    expect(isStaleReading({ measurand: 'Power.Active.Import', timeStamp: at(31) }, available)).toBe(false);
    expect(isStaleReading({ measurand: 'Energy.Active.Import.Register', timeStamp: at(10) }, available)).toBe(false);
    expect(isStaleReading({ measurand: 'Current.Import', timeStamp: at(10) }, { status: 'Charging', statusTimeStamp: at(30) })).toBe(false);
    expect(isStaleReading({ measurand: 'Current.Import', timeStamp: at(10) }, { status: null, statusTimeStamp: null })).toBe(false);
  });
});
