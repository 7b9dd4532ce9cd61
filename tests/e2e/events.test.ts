/**
 * Browser suite — events (requirements R2.13, §13), in English and in Chinese: a demo charger
 * reports a fault over OCPP; the bell's Events tab shows it in the user's language, a click opens
 * `/Events/Eventes/<id>/show` (no longer a 404), and the operator processes it with a handle method:
 * the page shows Processed with the signed-in user as the handler, and the API agrees. The list
 * shows the event under its status chip.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/server-process.js';
import { connectChargePoint, hashPath, poll, signIn, stage, type ChargePoint, type Stage, idleVoltaChargers } from './helpers.js';

interface EventRow {
  id: number;
  deviceSn: string;
  status: string;
  handler: string | null;
  handleMethod: string | null;
  eventType: string;
}

describe('events in the console', () => {
  let s: Stage;
  const cps: ChargePoint[] = [];
  const sns: string[] = [];

  beforeAll(async () => {
    s = await stage();
    const idle = await idleVoltaChargers(s, 2);
    for (const ch of idle) {
      const cp = await connectChargePoint(`${s.server.baseUrl.replace(/^http/, 'ws')}/ocpp`, ch.serialNum);
      await cp.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'E2E-1' });
      cps.push(cp);
      sns.push(ch.serialNum);
    }
    await cps[0]!.call('StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'GroundFailure', timestamp: new Date().toISOString() });
    await cps[1]!.call('StatusNotification', { connectorId: 1, status: 'Faulted', errorCode: 'OverVoltage', timestamp: new Date().toISOString() });
  });
  afterAll(async () => {
    for (const cp of cps) await cp.close({ force: true }).catch(() => undefined);
    await s?.close();
  });

  const cases = [
    {
      lang: 'en' as const,
      user: 'volta.admin',
      index: 0,
      text: (sn: string) => `Charger ${sn} connector 1: Grounding fault`,
      processed: 'Processed',
      method: 'Ground wire re-seated on site',
    },
    {
      lang: 'zh' as const,
      user: 'volta.admin',
      index: 1,
      text: (sn: string) => `充电桩 ${sn} 1 号枪：过压`,
      processed: '已处理',
      method: '现场检查供电电压后复位',
    },
  ];

  for (const c of cases) {
    it(`opens the event from the bell and processes it (${c.lang})`, async () => {
      const sn = sns[c.index]!;
      const { page, errors } = await s.page({ language: c.lang });
      await signIn(page, c.user, 'demo1234');
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-tab-events').click();
      const row = page
        .getByTestId('notification-panel')
        .getByTestId('notice-row')
        .filter({ hasText: c.text(sn) });
      await row.waitFor();
      await row.click();
      await poll(() => hashPath(page)).toMatch(/^\/Events\/Eventes\/\d+\/show$/);
      const id = Number(/\/(\d+)\/show$/.exec(hashPath(page))![1]);
      const show = page.getByTestId('event-show');
      await show.waitFor();
      expect(await show.innerText()).toContain(sn);
      // Issue #26 item 8: the charger's log around the time the event occurred.
      const logHref = (await page.getByTestId('event-log-link').getAttribute('href'))!;
      expect(logHref).toMatch(new RegExp(`^#/Events/ChargerLog\\?serialNum=${sn}&start=\\d{4}-\\d{2}-\\d{2}\\+\\d{2}%3A\\d{2}&end=`));
      await page.getByTestId('event-process').click();
      const dialog = page.getByTestId('event-process-dialog');
      await dialog.waitFor();
      // Empty: the dialog answers 617 in the user's language and sends nothing.
      await page.getByTestId('event-process-confirm').click();
      await poll(async () => await dialog.innerText()).toContain(c.lang === 'en' ? 'Handle method cannot be empty' : '处理方式不能为空');
      await page.getByTestId('event-handle-method').fill(c.method);
      await page.getByTestId('event-process-confirm').click();
      await poll(async () => await page.getByTestId('event-status').first().innerText()).toBe(c.processed);
      await poll(async () => await page.getByTestId('event-handler').innerText()).toBe(c.user);
      const api = apiClient(s.server);
      await api.login(c.user, 'demo1234');
      const stored = await api.get<EventRow>(`event/${id}`);
      expect(stored).toMatchObject({ deviceSn: sn, status: 'PROCESSED', handler: c.user, handleMethod: c.method });
      // The list: the spec's query parameters apply (Processed, this SN).
      await page.goto(`/#/Events/Eventes?eventStatus=PROCESSED&serialNum=${sn}`);
      await page.getByTestId('event-status-chips').waitFor();
      await poll(async () => (await page.getByTestId('event-chip-PROCESSED').getAttribute('class')) ?? '').toContain('MuiChip-filled');
      await poll(async () => await page.getByTestId('events-grid').innerText()).toContain(sn);
      // The start filter reads a day as YYYY-MM-DD in both languages, not the browser's mm/dd/yyyy.
      await page.goto(`/#/Events/Eventes?eventStatus=ALL&startTime=2026-01-02`);
      await page.reload();
      const start = page.locator('input[name="startTime"]');
      await start.waitFor();
      expect(await start.getAttribute('type')).toBe('text');
      await poll(async () => start.inputValue()).toBe('2026-01-02');
      expect(errors).toEqual([]);
    });
  }
});
