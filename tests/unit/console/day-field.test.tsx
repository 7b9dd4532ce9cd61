// @vitest-environment jsdom
/**
 * Days read YYYY-MM-DD in both languages (requirements §9): the day fields are text with a
 * calendar button, not the browser's date input (which shows mm/dd/yyyy in an English browser).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, SimpleForm, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n';
import { DayField, DayInput, isDay } from '../../../src/components/DayField';

afterEach(cleanup);

describe('isDay', () => {
  it('takes complete, existing days written YYYY-MM-DD only', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-2-3')).toBe(false);
    expect(isDay('02/03/2026')).toBe(false);
    expect(isDay('')).toBe(false);
  });
});

describe('DayField', () => {
  it('is a text field showing YYYY-MM-DD, passing on only complete days', () => {
    const onChange = vi.fn();
    render(
      <AdminContext i18nProvider={createI18nProvider()}>
        <DayField label="From" value="2026-11-01" onChange={onChange} inputAttributes={{ 'data-testid': 'day' }} />
      </AdminContext>,
    );
    const input = screen.getByTestId('day') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.value).toBe('2026-11-01');
    expect(input.placeholder).toBe('YYYY-MM-DD');
    fireEvent.change(input, { target: { value: '2026-02-3' } });
    fireEvent.change(input, { target: { value: '2026-02-30' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '2026-02-28' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-02-28');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(screen.getByRole('button', { name: 'Choose a date' })).toBeTruthy();
  });
});

describe('DayInput', () => {
  it('shows a stored ISO time as its day and stores what parse makes of a typed day', async () => {
    const save = vi.fn();
    render(
      <AdminContext dataProvider={{} as DataProvider} i18nProvider={createI18nProvider()}>
        <ResourceContextProvider value="charger">
          <SimpleForm record={{ id: 1, installationDate: '2024-05-01' }} onSubmit={save}>
            <DayInput source="installationDate" inputAttributes={{ 'data-testid': 'installed' }} />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );
    const input = (await screen.findByTestId('installed')) as HTMLInputElement;
    expect(input.value).toBe('2024-05-01');
    fireEvent.change(input, { target: { value: '2025-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: /save/i }));
    await vi.waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0][0]).toMatchObject({ installationDate: '2025-01-31' });
  });
});
