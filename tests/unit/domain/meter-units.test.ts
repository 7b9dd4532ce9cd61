/** domain/meter.ts: the one rule for a sampled value's unit (OCPP 1.6 defaults) and its display. */
import { describe, expect, it } from 'vitest';
import { defaultUnit, displayReading, registerWh, sampleUnit } from '../../../domain/meter';

const shown = (value: string, unit: string | null, measurand?: string) => {
  const r = displayReading({ value, unit, measurand });
  return r && { value: r.value.toNumber(), unit: r.unit };
};

describe('sampled value units', () => {
  it('honours OCPP 1.6 default units when a sample has none', () => {
    expect(defaultUnit(undefined)).toBe('Wh');
    expect(defaultUnit('Energy.Active.Import.Register')).toBe('Wh');
    expect(defaultUnit('Energy.Reactive.Import.Register')).toBe('varh');
    expect(defaultUnit('Power.Active.Import')).toBe('W');
    expect(defaultUnit('Power.Factor')).toBeNull();
    expect(defaultUnit('Current.Import')).toBe('A');
    expect(defaultUnit('Voltage')).toBe('V');
    expect(sampleUnit({ unit: '', measurand: 'Power.Active.Import' })).toBe('W');
    expect(sampleUnit({ unit: 'kW', measurand: 'Power.Active.Import' })).toBe('kW');
  });

  it('shows energy in kWh and power in kW: Wh in, kWh out, no unit read as Wh', () => {
    expect(shown('1500', null)).toEqual({ value: 1.5, unit: 'kWh' });
    expect(shown('1500', 'Wh', 'Energy.Active.Import.Register')).toEqual({ value: 1.5, unit: 'kWh' });
    expect(shown('1.5', 'kWh', 'Energy.Active.Import.Register')).toEqual({ value: 1.5, unit: 'kWh' });
    expect(shown('7400', null, 'Power.Active.Import')).toEqual({ value: 7.4, unit: 'kW' });
    expect(shown('7.4', 'kW', 'Power.Active.Import')).toEqual({ value: 7.4, unit: 'kW' });
    expect(shown('16', null, 'Current.Import')).toEqual({ value: 16, unit: 'A' });
    expect(shown('230', null, 'Voltage')).toEqual({ value: 230, unit: 'V' });
    expect(shown('300.15', 'K', 'Temperature')).toEqual({ value: 27, unit: 'Celsius' });
    expect(shown('0.98', null, 'Power.Factor')).toEqual({ value: 0.98, unit: null });
    expect(shown('abc', null)).toBeNull();
  });

  it('reads registers in Wh for billing (kWh × 1000, exact)', () => {
    expect(registerWh({ value: '0.07125', unit: 'kWh' })?.toString()).toBe('71.25');
    expect(registerWh({ value: '71.25', unit: null })?.toString()).toBe('71.25');
    expect(registerWh({ value: '71.25' })?.toString()).toBe('71.25');
    expect(registerWh({ value: 'Infinity' })).toBeNull();
  });
});
