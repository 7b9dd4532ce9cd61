/**
 * Error messages an operator understands (issue #26 item 15), in English and Chinese: catalogue
 * messages that name the values involved, the toast's text without the catalogue code, and the
 * code kept for support in the toast's tooltip.
 */
import { describe, expect, it } from 'vitest';
import type { NotificationPayload } from 'react-admin';
import { catalogueMessage, namesValues } from '../../../domain/errors';
import { fieldMessage } from '../../../domain/entities/messages';
import { checkRateRows } from '../../../domain/rate-template';
import { operatorMessage } from '../../../dataProvider/httpClient';
import { withSupportCode } from '../../../src/layout/DedupeNotifications';

const rows = (...spans: [string, string][]) => spans.map(([startTime, endTime], i) => ({ startTime, endTime, electricityFeePerKwh: String(i + 1) }));

describe('catalogue messages with values', () => {
  it('say which window a rate-template window overlaps and what to do (317)', () => {
    const v = checkRateRows(rows(['00:00', '18:00'], ['18:00', '22:00'], ['20:00', '24:00']));
    expect(v).toMatchObject({ code: 317, field: 'details.2.startTime', values: { window: '18:00–22:00', end: '22:00' } });
    expect(fieldMessage('catalogue.317', 'en', v?.values)).toBe('This window overlaps 18:00–22:00: start it at 22:00 or later, or shorten the other window');
    expect(fieldMessage('catalogue.317', 'zh', v?.values)).toBe('此时段与 18:00–22:00 重叠：请将开始时间设为 22:00 或之后，或缩短另一个时段');
  });

  it('keep the plain message without values, or with values the template does not name', () => {
    expect(catalogueMessage(317, 'en')).toBe('Rate template detail times overlap');
    expect(catalogueMessage(317, 'zh', { window: '18:00–22:00' })).toBe('费率模板明细时间重叠');
    expect(namesValues(317, { window: '1', end: '2' })).toBe(true);
    expect(namesValues(788, { detail: 'x' })).toBe(false);
    // A rule naming its values after the message (788) still does.
    expect(fieldMessage('catalogue.788', 'en', { detail: '18:00–22:00, 20:00–23:00' })).toMatch(/overlap.*\(18:00–22:00, 20:00–23:00\)$/);
  });

  it('name a duplicate firmware version and the campaigns that keep a firmware (713)', () => {
    expect(fieldMessage('validation.firmwareVersionExists', 'en', { model: 'Commander 2', version: '6.3.13' })).toBe(
      'Version 6.3.13 of Commander 2 exists already: give this image a new version number',
    );
    expect(fieldMessage('validation.firmwareVersionExists', 'zh', { model: 'Commander 2', version: '6.3.13' })).toBe(
      'Commander 2 的 6.3.13 版本已存在：请为此镜像填写新的版本号',
    );
    expect(fieldMessage('validation.firmwareInUse', 'en', { count: 1, campaigns: '#12' })).toBe(
      'Used by upgrade campaign #12: the firmware is kept for their record',
    );
    expect(fieldMessage('validation.firmwareInUse', 'zh', { count: 1, campaigns: '#12' })).toBe('已被升级任务 #12 使用：为保留记录，该固件不删除');
  });
});

describe('the toast of a server failure', () => {
  it('shows the message without the catalogue code', () => {
    expect(operatorMessage('Smart charging cannot be empty (614)', 614)).toBe('Smart charging cannot be empty');
    expect(operatorMessage('智能充电不能为空（614）', 614)).toBe('智能充电不能为空');
    expect(operatorMessage('Schedule windows overlap (18:00–22:00, 20:00–23:00)', 788)).toBe('Schedule windows overlap (18:00–22:00, 20:00–23:00)');
  });

  it("keeps the code for support in its tooltip, in the user's language", () => {
    const toast: NotificationPayload = { message: 'Version 6.3.13 of Commander 2 exists already', type: 'error' };
    const codeOf = (m: unknown) => (m === toast.message ? 713 : undefined);
    const en = withSupportCode(toast, codeOf, (code) => `Code ${code}, for support`);
    expect(en.message).toBe(toast.message);
    expect(en.notificationOptions).toMatchObject({ title: 'Code 713, for support', 'data-code': 713 });
    expect(withSupportCode(toast, codeOf, (code) => `错误码 ${code}（供技术支持使用）`).notificationOptions?.title).toBe('错误码 713（供技术支持使用）');
    const success: NotificationPayload = { message: toast.message, type: 'success' };
    expect(withSupportCode(success, codeOf, String)).toBe(success);
    const other: NotificationPayload = { message: 'Saved', type: 'error' };
    expect(withSupportCode(other, codeOf, String)).toBe(other);
  });
});
