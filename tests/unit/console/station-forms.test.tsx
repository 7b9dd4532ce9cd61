/**
 * The Stations-area forms validate with the server's schemas and answer the catalogue's text
 * (spec §5, §8), and the country list reads codes as well as older stored names.
 */
import { describe, expect, it } from 'vitest';
import { catalogueMessage } from '../../../domain/errors';
import { COUNTRIES, countryName, countryOf } from '../../../domain/countries';
import { chargerCreate as chargerInput } from '../../../domain/entities/charger';
const CHARGER_EMPTY_CODES = {};
import { gatewayCreate as gatewayInput } from '../../../domain/entities/gateway';

const GATEWAY_EMPTY_CODES = {};
import { stationCreate as stationInput } from '../../../domain/entities/station';
const STATION_EMPTY_CODES = {};
import { schemaErrors } from '../../../resources/station/schemaValidate';

const station = {
  companyCode: 'VOLTA', name: 'Depot', status: 'ACTIVE', visibility: 'PUBLIC', maintainer: 'Erika', maintainerMobile: '+49 30 1234567',
  address: 'Street 1', latitude: 52.5, longitude: 13.4, pricingModel: 'CHARGED', rateTemplateId: 3,
};

describe('schemaErrors (station form)', () => {
  it('passes a complete station', () => {
    expect(schemaErrors(stationInput, station, STATION_EMPTY_CODES, 'en', 'invalid')).toEqual({});
  });
  it('names each empty required field with its catalogue message, in the language asked', () => {
    const errors = schemaErrors(stationInput, { ...station, name: ' ', maintainer: '', rateTemplateId: null, address: '' }, STATION_EMPTY_CODES, 'zh', 'invalid', [], 'required');
    expect(errors.name).toBe(catalogueMessage(603, 'zh'));
    expect(errors.maintainer).toBe(catalogueMessage(616, 'zh'));
    expect(errors.rateTemplateId).toBe(catalogueMessage(604, 'zh'));
    expect(errors.address).toBe(catalogueMessage(603, 'zh'));
  });
  it('refuses digits in a maintainer name (900) and a latitude beyond 90 (format)', () => {
    const errors = schemaErrors(stationInput, { ...station, maintainer: 'R2D2', latitude: 91 }, STATION_EMPTY_CODES, 'en', 'invalid');
    expect(errors).toEqual({ maintainer: catalogueMessage(900, 'en'), latitude: 'invalid' });
  });
});

describe('schemaErrors (charger and gateway forms)', () => {
  const charger = { serialNum: 'ABCDEFGHIJKLMNOP', phase: 'THREE', lifeStatus: 'ACTIVE', installationDate: '2026-01-15', warrantyYears: 2, equipmentNumber: 'EQ-1' };
  it('wants exactly 16 SN characters and an equipment number', () => {
    expect(schemaErrors(chargerInput, charger, CHARGER_EMPTY_CODES, 'en', 'invalid')).toEqual({});
    expect(schemaErrors(chargerInput, { ...charger, serialNum: 'ABCDEFGHIJKLMNO' }, CHARGER_EMPTY_CODES, 'en', 'invalid').serialNum).toBe('invalid');
    expect(schemaErrors(chargerInput, { ...charger, serialNum: '' }, CHARGER_EMPTY_CODES, 'en', 'invalid').serialNum).toBe(catalogueMessage(602, 'en'));
    expect(schemaErrors(chargerInput, { ...charger, equipmentNumber: '' }, CHARGER_EMPTY_CODES, 'en', 'invalid', [], 'required').equipmentNumber).toBe(catalogueMessage(602, 'en'));
    expect(schemaErrors(chargerInput, { ...charger, warrantyYears: 4 }, CHARGER_EMPTY_CODES, 'en', 'invalid').warrantyYears).toBe('invalid');
  });
  it('a gateway needs its SN (606) and station (603)', () => {
    const errors = schemaErrors(gatewayInput, { serialNum: '', stationId: '' }, GATEWAY_EMPTY_CODES, 'en', 'invalid');
    expect(errors).toEqual({ serialNum: catalogueMessage(606, 'en'), stationId: catalogueMessage(603, 'en') });
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
