/**
 * Browser suite — report tickets against the real server (requirements §14): the charging app posts a
 * ticket with a photo through `/app/report-ticket` as a VOLTA app user; in the console the ticket
 * appears in the bell's Problems tab in the reader's language, the notice opens
 * `/ReportTickets/ReportTickets?serialNum=…` on that ticket, its thumbnail loads with the token
 * and opens the full-size image; the reply dialog refuses an empty reply and sends one (the
 * ticket becomes Replied), and close asks first — in English and in Chinese.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../support/images.js';
import { poll, signIn, stage, type Stage } from './helpers.js';

interface Page2<T> {
  records: T[];
  total: number;
}
interface AppUser {
  id: number;
  nickname: string;
  companyCode: string;
  active: boolean;
}

describe('report tickets', () => {
  let s: Stage;
  let appToken = '';
  let nickname = '';

  beforeAll(async () => {
    s = await stage();
    const users = await s.api.get<Page2<AppUser>>('app-user?size=50&companyCode=VOLTA');
    const user = users.records.find((u) => u.active);
    if (!user) throw new Error('no active VOLTA app user');
    nickname = user.nickname;
    appToken = (await s.api.call<{ token: string }>('POST', `app-user/${user.id}/app-token`, {})).token;
  });
  afterAll(async () => {
    await s?.close();
  });

  /** Posts a ticket as the app user; answers its number. */
  const postTicket = async (subject: string): Promise<string> => {
    const res = await fetch(`${s.server.baseUrl}/app/report-ticket`, {
      method: 'POST',
      headers: { authorization: `Bearer ${appToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        subject,
        message: 'The screen shows error 42 and the cable stays locked.',
        attachments: [{ fileName: 'screen.png', data: png(320, 200).toString('base64') }],
      }),
    });
    const body = (await res.json()) as { code: number; data: { serialNum: string } };
    expect(body.code).toBe(200);
    return body.data.serialNum;
  };

  for (const lang of ['en', 'zh'] as const) {
    it(`shows a new ticket in the bell and opens it with its photo; reply and close (${lang})`, async () => {
      const subject = lang === 'en' ? 'Cable stays locked' : '充电枪无法拔出';
      const serialNum = await postTicket(subject);
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'volta.admin', 'demo1234');

      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-panel').waitFor();
      await page.getByTestId('notification-tab-problems').click();
      const row = page.getByTestId('notice-row').filter({ hasText: subject }).first();
      await row.waitFor();
      const text = (await row.innerText()).replace(/\s+/g, ' ');
      expect(text).toContain(lang === 'en' ? `Report ticket from ${nickname}: ${subject}` : `${nickname} 提交工单：${subject}`);
      await row.click();

      await poll(() => page.url()).toContain(`/ReportTickets/ReportTickets?serialNum=${serialNum}`);
      const show = page.getByTestId('ticket-show');
      await show.waitFor();
      expect(await page.getByTestId('ticket-subject').innerText()).toBe(subject);
      expect(await show.innerText()).toContain(serialNum);
      expect(await page.getByTestId('ticket-status').innerText()).toBe(lang === 'en' ? 'Open' : '待处理');
      // The thumbnail is fetched with the token and shows the real image.
      const thumb = page.getByTestId('ticket-thumbnail').first().locator('img');
      await thumb.waitFor();
      await poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
      await page.getByTestId('ticket-thumbnail').first().click();
      const full = page.getByTestId('ticket-image-full');
      await full.waitFor();
      await poll(() => full.evaluate((img) => (img as HTMLImageElement).naturalHeight)).toBe(200);
      await page.keyboard.press('Escape');
      await page.getByTestId('ticket-image-dialog').waitFor({ state: 'detached' });

      // Reply: empty is refused in the user's language, a text is sent and the ticket is Replied.
      await page.getByTestId('ticket-reply').click();
      await page.getByTestId('ticket-reply-send').click();
      await poll(async () => await page.getByTestId('ticket-reply-dialog').innerText()).toContain(lang === 'en' ? 'Reply cannot be empty' : '回复内容不能为空');
      const reply = lang === 'en' ? 'A technician is on the way.' : '维修人员正在赶来。';
      await page.getByTestId('ticket-reply-text').fill(reply);
      await page.getByTestId('ticket-reply-send').click();
      await poll(
        async () =>
          await page
            .getByTestId('ticket-reply-value')
            .innerText()
            .catch(() => ''),
      ).toBe(reply);
      expect(await page.getByTestId('ticket-status').innerText()).toBe(lang === 'en' ? 'Replied' : '已回复');

      // Close asks first.
      await page.getByTestId('ticket-close').click();
      const confirm = page.getByRole('dialog');
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(serialNum);
      await confirm.getByRole('button', { name: lang === 'en' ? /confirm/i : /确认/ }).click();
      await poll(() => page.getByTestId('ticket-status').innerText()).toBe(lang === 'en' ? 'Closed' : '已关闭');
      expect(await page.getByTestId('ticket-reply').count()).toBe(0);

      // The list finds it by number.
      await page.goto('/#/ReportTickets/ReportTickets');
      await page.getByTestId('tickets-grid').waitFor();
      await poll(() => page.getByTestId('tickets-grid').innerText()).toContain(serialNum);
      expect(errors).toEqual([]);
    });
  }
});
