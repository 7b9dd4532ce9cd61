/**
 * The Stations-area forms validate with the server's declarations (domain/entities)
 * through one adapter (src/forms/schemaValidate.ts): every failing field at once, an empty
 * required field named by the label the user sees, any other rule in the server's words; and the
 * country list reads codes as well as older stored names.
 */
import { describe, expect, it } from 'vitest';
import { catalogueMessage } from '../../../domain/errors';
import { fieldMessage } from '../../../domain/entities/messages';
import { COUNTRIES, countryName, countryOf } from '../../../domain/countries';
import { chargerCreate as chargerInput } from '../../../domain/entities/charger';
import { gatewayCreate as gatewayInput } from '../../../domain/entities/gateway';
import { ROLE_REQUIRED, roleCreateInput } from '../../../domain/entities/role';

const GATEWAY_EMPTY_CODES = {};
import { stationCreate as stationInput } from '../../../domain/entities/station';
import { schemaFieldErrors, type MessageContext } from '../../../src/forms/schemaValidate';
import { messages } from '../../../src/i18n';

/** Labels and the empty text as the console renders them in `lang`. */
function ctx(lang: 'en' | 'zh', resource: string): MessageContext {
  const tree = messages[lang] as unknown as { resources: Record<string, { fields: Record<string, string> }>; app: { validation: { empty: string } } };
  return {
    lang,
    label: (field) => tree.resources[resource]?.fields?.[field],
    emptyText: (label) => tree.app.validation.empty.replace('%{field}', label),
  };
}

const station = {
  companyCode: 'VOLTA',
  name: 'Depot',
  status: 'ACTIVE',
  visibility: 'PUBLIC',
  maintainer: 'Erika',
  maintainerMobile: '+49 30 1234567',
  address: 'Street 1',
  latitude: 52.5,
  longitude: 13.4,
  pricingModel: 'CHARGED',
  rateTemplateId: 3,
};

describe('schemaFieldErrors (station form)', () => {
  it('passes a complete station', () => {
    expect(schemaFieldErrors(stationInput, station, ctx('en', 'station'))).toEqual({});
  });
  it('names every empty required field by its label at once, in the language asked', () => {
    const errors = schemaFieldErrors(
      stationInput,
      { ...station, name: ' ', maintainer: '', maintainerMobile: '', rateTemplateId: null, address: '' },
      ctx('zh', 'station'),
    );
    expect(errors).toMatchObject({
      name: '站点名称不能为空',
      maintainer: '维护人不能为空',
      maintainerMobile: '维护人手机不能为空',
      address: expect.stringMatching(/不能为空$/),
    });
    const en = schemaFieldErrors(stationInput, { ...station, maintainerMobile: '' }, ctx('en', 'station'));
    expect(en).toEqual({ maintainerMobile: 'Maintainer mobile cannot be empty' });
  });
  it('refuses digits in a maintainer name (900) and a latitude beyond 90 with the rule', () => {
    const errors = schemaFieldErrors(stationInput, { ...station, maintainer: 'R2D2', latitude: 91 }, ctx('en', 'station'));
    expect(errors.maintainer).toBe(catalogueMessage(900, 'en'));
    expect(errors.latitude).toBe(fieldMessage('validation.tooBig', 'en', { max: 90 }));
  });
});

describe('schemaFieldErrors (charger, gateway and role forms)', () => {
  const charger = {
    serialNum: 'ABCDEFGHIJKLMNOP',
    phase: 'THREE',
    lifeStatus: 'ACTIVE',
    installationDate: '2026-01-15',
    warrantyYears: 2,
    equipmentNumber: 'EQ-1',
    companyCode: 'VOLTA',
  };
  it('states the 16-character SN rule and names an empty SN and equipment number', () => {
    expect(schemaFieldErrors(chargerInput, charger, ctx('en', 'charger'))).toEqual({});
    expect(schemaFieldErrors(chargerInput, { ...charger, serialNum: 'ABCDEFGHIJKLMNO' }, ctx('en', 'charger')).serialNum).toBe(
      'The SN must be exactly 16 characters',
    );
    expect(schemaFieldErrors(chargerInput, { ...charger, serialNum: 'ABCDEFGHIJKLMNO' }, ctx('zh', 'charger')).serialNum).toBe('序列号必须为16个字符');
    const empty = schemaFieldErrors(chargerInput, { ...charger, serialNum: '', equipmentNumber: '' }, ctx('en', 'charger'));
    expect(Object.keys(empty).sort()).toEqual(['equipmentNumber', 'serialNum']);
    expect(empty.serialNum).toMatch(/cannot be empty$/);
  });
  it('a gateway needs its SN and station, both marked at once', () => {
    const errors = schemaFieldErrors(gatewayInput, { serialNum: '', stationId: '' }, ctx('en', 'gateway'), { required: GATEWAY_EMPTY_CODES });
    expect(Object.keys(errors).sort()).toEqual(['serialNum', 'stationId']);
    for (const m of Object.values(errors)) expect(m).toMatch(/cannot be empty$/);
  });
  it('a role form left untouched marks name, code and description (the schema alone lets blanks through)', () => {
    const errors = schemaFieldErrors(roleCreateInput, {}, ctx('en', 'role'), { required: ROLE_REQUIRED });
    expect(Object.keys(errors).sort()).toEqual(expect.arrayContaining(['code', 'description', 'name']));
    const skipped = schemaFieldErrors(roleCreateInput, {}, ctx('en', 'role'), { required: ROLE_REQUIRED, skip: ['code'] });
    expect(skipped.code).toBeUndefined();
  });
  it('falls back to the server message when no label is known, and nests dotted paths', () => {
    const none: MessageContext = { lang: 'en', label: () => undefined, emptyText: (l) => `${l}!` };
    expect(schemaFieldErrors(gatewayInput, { serialNum: '', stationId: 4 }, none, { required: GATEWAY_EMPTY_CODES }).serialNum).toBe(
      catalogueMessage(606, 'en'),
    );
  });
});

describe('countries', () => {
  it('has unique ISO codes with both names', () => {
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) {
      expect(c.code).toMatch(/^[A-Z]{2}$/);
      expect(c.en && c.zh).toBeTruthy();
    }
  });
  it('reads a code or a stored name and shows it in the language asked', () => {
    expect(countryOf('de')?.code).toBe('DE');
    expect(countryOf('Germany')?.code).toBe('DE');
    expect(countryOf('德国')?.code).toBe('DE');
    expect(countryName('Germany', 'zh')).toBe('德国');
    expect(countryName('Atlantis', 'zh')).toBe('Atlantis');
    expect(countryName(null, 'en')).toBe('');
  });
});
