/**
 * Browser suite — card users and operations screens (issue "Charging operations"): recharge a card
 * from its row (the amount rule of requirements §5 shown before sending, in English and in Chinese), see
 * the change in the card's balance record view (`?id=`) and in the API; the statistics page shows
 * the API's totals for a preset range.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSheet } from '../support/xlsx';
import { E2E_ADMIN_PASSWORD } from '../support/server-process.js';
import { poll, signIn, stage, type Stage } from './helpers.js';

interface Page2<T> {
  records: T[];
  total: number;
}
interface Card {
  id: number;
  cardNumber: string;
  balance: string;
}

describe('card users and statistics in the console', () => {
  let s: Stage;

  beforeAll(async () => {
    s = await stage();
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`recharges a card and shows its balance record (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.goto('/#/ChargerUsers/CardUsers');
      await page.getByTestId('card-user-row').first().waitFor();
      const cards = await s.api.get<Page2<Card>>('card-user?sort=createTimeStamp&order=desc&size=1');
      const card = cards.records[0];
      const before = Number(card.balance);
      await page.getByTestId(`balance-menu-${card.id}`).click();
      await page.getByTestId('balance-action-recharge').click();
      await page.getByTestId('balance-amount').fill('1.5');
      await page.getByTestId('balance-submit').click();
      await page.getByText(lang === 'en' ? 'Recharge amount must be a whole number above 0' : '充值金额必须为大于0的整数').waitFor();
      await page.getByTestId('balance-amount').fill('25');
      await page.getByTestId('balance-submit').click();
      await page.getByTestId('balance-dialog-recharge').waitFor({ state: 'detached' });
      await poll(async () => Number((await s.api.get<Card>(`card-user/${card.id}`)).balance)).toBeCloseTo(before + 25, 2);
      await page.getByTestId(`balance-menu-${card.id}`).click();
      await page.getByTestId('balance-action-records').click();
      await page.getByTestId('balance-records').waitFor();
      expect(page.url()).toContain(`?id=${card.id}`);
      const first = page.getByTestId('balance-record-row').first();
      expect(await first.innerText()).toContain('+25.00');
      expect(await first.innerText()).toContain(lang === 'en' ? 'Platform recharge' : '平台充值');
      expect(errors).toEqual([]);
    });
  }

  it("sets a card's expiry day in its form, shows it Expired in the list once past, and clears it (issue 24, item 23)", async () => {
    const { page, errors } = await s.page({ language: 'en', viewport: { width: 1440, height: 900 } });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    const card = (await s.api.get<Page2<Card>>('card-user?sort=id&order=desc&size=1')).records[0];
    await page.goto(`/#/ChargerUsers/CardUsers/${card.id}`);
    const input = page.getByTestId('card-user-expiryDate');
    await input.waitFor();
    expect(await page.getByText('Valid until').count()).toBeGreaterThan(0);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await input.fill(yesterday);
    await page.getByTestId('card-user-save').click();
    // The end of the chosen day in the browser's zone.
    const endOfDay = await page.evaluate((d) => new Date(`${d}T23:59:59.999`).toISOString(), yesterday);
    await poll(async () => (await s.api.get<Card & { expiryDate: string | null }>(`card-user/${card.id}`)).expiryDate).toBe(endOfDay);
    await page.goto(`/#/ChargerUsers/CardUsers?filter=${encodeURIComponent(JSON.stringify({ q: card.cardNumber }))}`);
    const cell = page.getByTestId('card-user-row').filter({ hasText: card.cardNumber }).getByTestId('card-user-expiry');
    await poll(() => cell.getAttribute('data-expired')).toBe('true');
    expect(await cell.innerText()).toContain(yesterday);
    expect(await cell.innerText()).toContain('Expired');

    await page.goto(`/#/ChargerUsers/CardUsers/${card.id}`);
    await input.waitFor();
    await poll(() => input.inputValue()).toBe(yesterday);
    await input.fill('');
    await page.getByTestId('card-user-save').click();
    await poll(async () => (await s.api.get<Card & { expiryDate: string | null }>(`card-user/${card.id}`)).expiryDate).toBeNull();
    expect(errors).toEqual([]);
  });

  it('exports the filtered card users to Excel with the API rows', async () => {
    const { page } = await s.page({ language: 'en' });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    // Deactivate one card so the filter matters.
    const some = await s.api.get<Page2<Card>>('card-user?size=1&sort=id&order=asc');
    await s.api.call('PUT', `card-user/${some.records[0].id}/status`, { active: false });
    await page.goto(`/#/ChargerUsers/CardUsers?filter=${encodeURIComponent(JSON.stringify({ active: 'true' }))}`);
    await page.getByTestId('card-user-row').first().waitFor();
    const active = await s.api.get<Page2<Card>>('card-user?active=true&size=500');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('card-user-export').click()]);
    const rows = await readSheet(fs.readFileSync(await download.path()));
    expect(rows[0][0]).toBe('Card number');
    expect(rows.length - 1).toBe(active.total);
    const numbers = new Set(rows.slice(1).map((r) => String(r[0]).replace(/^'/, '')));
    for (const c of active.records) expect(numbers.has(c.cardNumber)).toBe(true);
    expect(numbers.has(some.records[0].cardNumber)).toBe(false);
  });

  it('shows the statistics totals of the API for the last 7 days', async () => {
    const { page } = await s.page({ language: 'en' });
    await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
    await page.goto('/#/Operations/Statistics');
    await page.getByTestId('range-preset-7d').click();
    await poll(() => page.url()).toContain('from=');
    const url = new URL(page.url().replace('/#/', '/'));
    const from = url.searchParams.get('from') as string;
    const to = url.searchParams.get('to') as string;
    expect(from <= to).toBe(true);
    await page.getByTestId('statistics-total-orders').waitFor();
    // The page asked for whole local days: compare with the API over the same range (UTC browser).
    const api = await s.api.get<{ totals: { orders: number } }>(`statistics?startTime=${from}T00:00:00.000Z&endTime=${new Date().toISOString()}`);
    await poll(async () => Number(await page.getByTestId('statistics-total-orders').innerText())).toBe(api.totals.orders);
  });
});
