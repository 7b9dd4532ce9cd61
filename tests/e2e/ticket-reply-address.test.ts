/**
 * Browser suite — where a ticket reply goes (requirements R14.14), in English and Chinese: a ticket
 * of an app user with an address of their own shows that the reply goes there (not to the address
 * typed into the ticket); a ticket whose address was only typed in is marked "unverified" in the
 * list and on the ticket, and Reply asks before the dialog opens — cancelling sends nothing,
 * confirming sends the reply to that address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { ADMIN_PASSWORD, build, type TestServer } from '../support/app.js';
import { launchBrowser, newContext, watchErrors } from '../support/browser.js';
import { aCompany } from '../support/builders.js';
import { appUser, mailOutbox } from '../../server/db/schema.js';
import { poll } from './helpers.js';

describe('the address of a ticket reply', () => {
  let s: TestServer;
  let browser: Browser;
  const tickets: Record<'own' | 'typed', { id: number; serialNum: string }[]> = { own: [], typed: [] };

  beforeAll(async () => {
    s = await build('pglite', { staticDir: './dist' });
    browser = await launchBrowser();
    const co = await aCompany(s.database.db);
    const [typed] = await s.database.db.insert(appUser).values({ companyCode: co.code, nickname: 'walk.in', email: null, idTag: 'APPE2ETYPED1' }).returning();
    const [own] = await s.database.db
      .insert(appUser)
      .values({ companyCode: co.code, nickname: 'li.wei', email: 'li.wei@driver.test', idTag: 'APPE2EOWN001' })
      .returning();
    const admin = await s.login();
    const tokenOf = async (id: number) =>
      (await s.app.inject({ method: 'POST', url: `/sp/app-user/${id}/app-token`, headers: { authorization: `Bearer ${admin}` } })).json().data.token as string;
    const post = async (token: string, email: string) => {
      const res = await s.app.inject({
        method: 'POST',
        url: '/app/report-ticket',
        headers: { authorization: `Bearer ${token}` },
        payload: { subject: 'Cable stays locked', message: 'Error 42.', email },
      });
      return res.json().data.serialNum as string;
    };
    const list = async () =>
      (await s.app.inject({ url: '/sp/report-ticket?size=50', headers: { authorization: `Bearer ${admin}` } })).json().data.records as {
        id: number;
        serialNum: string;
      }[];
    for (let i = 0; i < 2; i++) {
      const a = await post(await tokenOf(typed.id), `typed${i}@typed.test`);
      const b = await post(await tokenOf(own.id), `work${i}@elsewhere.test`);
      const rows = await list();
      tickets.typed.push(rows.find((r) => r.serialNum === a)!);
      tickets.own.push(rows.find((r) => r.serialNum === b)!);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  (['en', 'zh'] as const).forEach((lang, i) => {
    it(`marks the typed address unverified and asks before replying to it (${lang})`, async () => {
      const context = await newContext(browser, { baseURL: s.baseUrl, language: lang });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto('/#/login');
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('dashboard').waitFor();
      const unverified = lang === 'en' ? 'Unverified' : '未验证';

      await page.goto('/#/ReportTickets/ReportTickets');
      await page.getByTestId('tickets-grid').waitFor();
      await poll(() => page.getByTestId('ticket-email-unverified').count()).toBe(2);

      // The app user's own address: no mark, and the reply goes there.
      await page.goto(`/#/ReportTickets/ReportTickets/${tickets.own[i].id}/show`);
      await page.getByTestId('ticket-show').waitFor();
      expect(await page.getByTestId('ticket-email').innerText()).toBe(`work${i}@elsewhere.test`);
      expect(await page.getByTestId('ticket-reply-email').innerText()).toContain('li.wei@driver.test');

      // A typed address only: marked, and Reply asks first.
      await page.goto(`/#/ReportTickets/ReportTickets/${tickets.typed[i].id}/show`);
      await page.getByTestId('ticket-show').waitFor();
      expect(await page.getByTestId('ticket-email').innerText()).toContain(unverified);
      await page.getByTestId('ticket-reply').click();
      const ask = page.getByRole('dialog');
      await poll(() => ask.innerText()).toContain(`typed${i}@typed.test`);
      await page.getByRole('button', { name: lang === 'en' ? 'Cancel' : '取消' }).click();
      expect(await page.getByTestId('ticket-reply-dialog').count()).toBe(0);
      await page.getByTestId('ticket-reply').click();
      await page.getByRole('button', { name: lang === 'en' ? 'Confirm' : '确认' }).click();
      await page.getByTestId('ticket-reply-dialog').waitFor();
      expect(await page.getByTestId('ticket-reply-dialog').innerText()).toContain(`typed${i}@typed.test`);
      await page.getByTestId('ticket-reply-text').fill(lang === 'en' ? 'On our way.' : '马上处理。');
      await page.getByTestId('ticket-reply-send').click();
      await page.getByTestId('ticket-reply-value').waitFor();
      await poll(
        async () =>
          (
            await s.database.db
              .select()
              .from(mailOutbox)
              .where(eq(mailOutbox.to, `typed${i}@typed.test`))
          ).length,
      ).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    });
  });
});
