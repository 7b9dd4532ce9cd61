/**
 * Browser suite — form validation from the entity declarations, in English and in 中文: Save on
 * an untouched form marks every required field at once, each message naming the field the user
 * sees; a format rule states itself (the 16-character SN) before any request; a duplicate the
 * server finds is marked under its field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { messages } from '../../src/i18n/index.js';
import { E2E_ADMIN_PASSWORD } from '../support/server-process.js';
import { signIn, stage, type Stage } from './helpers.js';

interface Page2<T> {
  records: T[];
  total: number;
}

type Tree = { [k: string]: string | Tree };
const text = (lang: 'en' | 'zh', key: string) => key.split('.').reduce<string | Tree>((t, k) => (t as Tree)[k], messages[lang] as unknown as Tree) as string;
const empty = (lang: 'en' | 'zh', labelKey: string) => text(lang, 'app.validation.empty').replace('%{field}', text(lang, labelKey));

/** Error texts shown under the inputs of the form. */
const fieldErrors = (page: Page) => page.locator('.MuiFormHelperText-root.Mui-error').allInnerTexts();

describe('form validation in the console', () => {
  let s: Stage;
  beforeAll(async () => {
    s = await stage();
  });
  afterAll(async () => {
    await s?.close();
  });

  for (const lang of ['en', 'zh'] as const) {
    it(`marks every empty required field of a station at once, by its label (${lang})`, async () => {
      const { page, errors } = await s.page({ language: lang });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.goto('/#/Stations/StationProfile/create');
      await page.getByTestId('station-save').click();
      await expect
        .poll(() => fieldErrors(page))
        .toEqual(
          expect.arrayContaining([
            empty(lang, 'app.assets.company'),
            empty(lang, 'resources.station.fields.name'),
            empty(lang, 'resources.station.fields.maintainer'),
            empty(lang, 'resources.station.fields.maintainerMobile'),
          ]),
        );
      const shown = await fieldErrors(page);
      expect(shown.some((t) => t === text(lang, 'ra.validation.required'))).toBe(false);
      expect(page.url()).toContain('/Stations/StationProfile/create');
      expect(errors).toEqual([]);
    });

    it(`validates the role form on the client (${lang})`, async () => {
      const { page } = await s.page({ language: lang });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.goto('/#/SystemUsers/Permissions/create');
      await page.getByTestId('form-save').click();
      await expect
        .poll(() => fieldErrors(page))
        .toEqual(
          expect.arrayContaining([
            empty(lang, 'resources.role.fields.name'),
            empty(lang, 'resources.role.fields.code'),
            empty(lang, 'resources.role.fields.description'),
          ]),
        );
    });

    it(`states the 16-character SN rule before sending (${lang})`, async () => {
      const { page } = await s.page({ language: lang });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      await page.goto('/#/Stations/StationProfile/chargers/create');
      await page.locator('input[name="serialNum"]').fill('ABCDEFGHIJKLMNO');
      await page.getByTestId('charger-save').click();
      await expect.poll(() => fieldErrors(page)).toContain(lang === 'en' ? 'The SN must be exactly 16 characters' : '序列号必须为16个字符');
    });

    it(`marks a duplicate card number under its field (${lang})`, async () => {
      const { page } = await s.page({ language: lang });
      await signIn(page, 'admin', E2E_ADMIN_PASSWORD);
      const cards = await s.api.get<Page2<{ cardNumber: string; companyCode: string }>>('card-user?size=1');
      const taken = cards.records[0];
      await page.goto('/#/ChargerUsers/CardUsers/create');
      await page.getByTestId('card-user-cardNumber').fill(taken.cardNumber);
      await page.getByTestId('card-user-company').locator('[role="combobox"]').click();
      await page.getByRole('option').first().click();
      await page.getByTestId('card-user-lastName').fill('Muster');
      await page.getByTestId('card-user-firstName').fill('Erika');
      await page.getByTestId('card-user-save').click();
      await expect.poll(() => fieldErrors(page), { timeout: 15_000 }).toContain(lang === 'en' ? 'Card number already exists' : '卡号已存在');
    });
  }
});
