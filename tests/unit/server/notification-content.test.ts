/** The server's own notification texts in the caller's language (server/modules/notifications/content.ts). */
import { describe, expect, it } from 'vitest';
import { faultNotice, localizeNotice, offlineNotice, settlementNotice } from '../../../server/modules/notifications/content.js';

describe('settlement notices', () => {
  it('are stored in English and read in the caller\'s language with the catalogue message', () => {
    const stored = settlementNotice('CD2026112286111763', 721);
    expect(stored).toBe('Order CD2026112286111763: Insufficient balance (721)');
    expect(localizeNotice(stored, 'en')).toBe(stored);
    expect(localizeNotice(stored, 'zh')).toBe('订单 CD2026112286111763：余额不足（721）');
    expect(localizeNotice(settlementNotice('VOLTA-D000001', 722), 'zh')).toBe('订单 VOLTA-D000001：扣款失败（722）');
  });

  it('also reads the older lower-case wording, and leaves other texts alone', () => {
    expect(localizeNotice('Order CD1: insufficient balance (721)', 'zh')).toBe('订单 CD1：余额不足（721）');
    expect(localizeNotice('Charger VOLTA00000000101 reported a fault', 'zh')).toBe('Charger VOLTA00000000101 reported a fault');
    expect(localizeNotice('Order CD1: insufficient balance (500)', 'zh')).toBe('Order CD1: insufficient balance (500)');
  });
});

describe('device-offline events', () => {
  it('are stored in English and read in Chinese for a Chinese console', () => {
    expect(offlineNotice('charger', 'VOLTA00000000101')).toBe('Charger VOLTA00000000101 offline');
    expect(localizeNotice(offlineNotice('gateway', 'VOLTAGW000000001'), 'zh')).toBe('网关 VOLTAGW000000001 离线');
    expect(localizeNotice(offlineNotice('charger', 'VOLTA00000000101'), 'zh')).toBe('充电桩 VOLTA00000000101 离线');
    expect(localizeNotice(offlineNotice('gateway', 'VOLTAGW000000001'), 'en')).toBe('Gateway VOLTAGW000000001 offline');
    expect(localizeNotice('Gateway two words offline', 'zh')).toBe('Gateway two words offline');
  });
});

describe('fault events', () => {
  it('keep the OCPP error code and read the rest in Chinese', () => {
    expect(faultNotice('VOLTA00000000101', 1, 'GroundFailure')).toBe('Charger VOLTA00000000101 connector 1: GroundFailure');
    expect(localizeNotice(faultNotice('VOLTA00000000101', 1, 'GroundFailure'), 'zh')).toBe('充电桩 VOLTA00000000101 1 号枪：GroundFailure');
    expect(localizeNotice(faultNotice('VOLTA00000000101', 0, 'EmergencyStop'), 'zh')).toBe('充电桩 VOLTA00000000101：EmergencyStop');
    expect(localizeNotice(faultNotice('VOLTA00000000101', 2, 'OverCurrentFailure'), 'en')).toBe('Charger VOLTA00000000101 connector 2: OverCurrentFailure');
  });
});
