import { describe, expect, it } from 'vitest';
import { NOTICE_KINDS, noticeGroupKey, renderNotice, toNotice, type Notice } from '../../../domain/notices.js';

const samples: Notice[] = [
  { kind: 'EVENT', params: { eventId: 7, eventType: 'LEAKAGE', device: 'charger', serialNum: 'SN1', connectorId: 2 } },
  { kind: 'DEVICE_OFFLINE', params: { device: 'gateway', serialNum: 'GW1' } },
  { kind: 'FAULT', params: { serialNum: 'SN1', connectorId: 1, errorCode: 'GroundFailure' } },
  { kind: 'FAULT', params: { serialNum: 'SN1', connectorId: 0, errorCode: 'VendorX42' } },
  { kind: 'ORDER_UNPAID', params: { orderNo: 'O-1', code: 722, cardNumber: null } },
  { kind: 'CARD_REJECTED', params: { idTag: 'T1', serialNum: 'SN1', status: 'Invalid' } },
  { kind: 'REPORT_TICKET', params: { subject: 'Broken cable' } },
  { kind: 'TEXT', params: { text: 'hello' } },
];

describe('notices as data', () => {
  it('renders every kind in both languages, with catalogue messages instead of raw codes', () => {
    expect(new Set(samples.map((n) => n.kind))).toEqual(new Set(NOTICE_KINDS));
    expect(samples.map((n) => renderNotice(n, 'en'))).toEqual([
      'Charger SN1 connector 2: Leakage (residual current)',
      'Gateway GW1 offline',
      'Charger SN1 connector 1: Ground failure',
      'Charger SN1: VendorX42',
      'Order O-1 unpaid: Deduction failed',
      'Card T1 not accepted at charger SN1: unknown or not valid here',
      'Broken cable',
      'hello',
    ]);
    expect(samples.map((n) => renderNotice(n, 'zh'))).toEqual([
      '充电桩 SN1 2 号枪：漏电',
      '网关 GW1 离线',
      '充电桩 SN1 1 号枪故障：接地故障',
      '充电桩 SN1 故障：VendorX42',
      '订单 O-1 未支付：扣款失败',
      '卡 T1 在充电桩 SN1 未被接受：未知或在此无效',
      'Broken cable',
      'hello',
    ]);
  });

  it('groups an unpaid order per card and UTC day, a device event per device and day', () => {
    const at = new Date('2026-03-18T23:59:00Z');
    const unpaid = (orderNo: string): Notice => ({ kind: 'ORDER_UNPAID', params: { orderNo, code: 721, cardNumber: 'C1' } });
    expect(noticeGroupKey(unpaid('O-1'), at)).toBe(noticeGroupKey(unpaid('O-2'), at));
    expect(noticeGroupKey(unpaid('O-1'), at)).not.toBe(noticeGroupKey(unpaid('O-1'), new Date('2026-03-19T00:01:00Z')));
    expect(noticeGroupKey(samples[1], at)).toBe('DEVICE_OFFLINE:gateway:GW1:2026-03-18');
    expect(noticeGroupKey(samples[6], at)).toBeNull();
    expect(noticeGroupKey(samples[0], at)).toBe('EVENT:7');
  });

  it('reads a stored row back, and a bad one as its stored text', () => {
    expect(toNotice('FAULT', { serialNum: 'S', connectorId: 2, errorCode: 'X' }, '')).toEqual({
      kind: 'FAULT',
      params: { serialNum: 'S', connectorId: 2, errorCode: 'X' },
    });
    expect(toNotice('FAULT', { serialNum: 'S' }, 'old text')).toEqual({ kind: 'TEXT', params: { text: 'old text' } });
    expect(toNotice('NOPE', {}, 'x')).toEqual({ kind: 'TEXT', params: { text: 'x' } });
    expect(toNotice(null, null, 'y')).toEqual({ kind: 'TEXT', params: { text: 'y' } });
  });
});
