// @vitest-environment jsdom
/**
 * The notification-preference page (src/pages/notification-preference): reads the preference
 * from `GET /sp/user/notification-preference`, names an invalid address before saving, and saves
 * the form with `PUT` (the server's answer becomes the form).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, testDataProvider, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n';
import { NotificationPreference, parseEmails } from '../../../src/pages/notification-preference/NotificationPreference';
import { DEFAULT_PREF, NOTIFY_EVENTS } from '../../../domain/entities/notification-preference';

afterEach(cleanup);

function renderPage(stored: unknown) {
  const puts: unknown[] = [];
  const dataProvider = {
    ...testDataProvider(),
    fetchData: async (path: string) => {
      expect(path).toBe('user/notification-preference');
      return stored;
    },
    call: async (method: string, path: string, body: unknown) => {
      expect([method, path]).toEqual(['PUT', 'user/notification-preference']);
      puts.push(body);
      return { ...(body as object), offered: (stored as { offered?: unknown }).offered };
    },
  } as unknown as DataProvider;
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <NotificationPreference />
      </AdminContext>
    </MemoryRouter>,
  );
  return puts;
}

describe('notification preference', () => {
  it('shows the stored addresses and saves the form to the server', async () => {
    const puts = renderPage({ ...DEFAULT_PREF, method: 'EMAIL', emails: ['ops@volta.example'], offered: [...NOTIFY_EVENTS] });
    const box = await screen.findByTestId('pref-emails');
    expect((box as HTMLTextAreaElement).value).toBe('ops@volta.example');
    fireEvent.change(box, { target: { value: 'ops@volta.example\nnight@volta.example' } });
    fireEvent.click(screen.getByTestId('pref-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ method: 'EMAIL', emails: ['ops@volta.example', 'night@volta.example'] });
  });

  it('names an invalid address and does not save', async () => {
    const puts = renderPage({ ...DEFAULT_PREF, method: 'BOTH', offered: [...NOTIFY_EVENTS] });
    const box = await screen.findByTestId('pref-emails');
    fireEvent.change(box, { target: { value: 'ops@volta.example, nobody' } });
    fireEvent.click(screen.getByTestId('pref-save'));
    expect(await screen.findByText('Not a valid email: nobody')).toBeTruthy();
    expect(puts).toHaveLength(0);
  });

  it('shows only the notices the server offers, and saves without the offer', async () => {
    const puts = renderPage({ ...DEFAULT_PREF, method: 'EMAIL', events: ['REPORT_TICKET'], offered: ['REPORT_TICKET'] });
    await screen.findByTestId('pref-event-REPORT_TICKET');
    expect(screen.queryByTestId('pref-event-FAULT')).toBeNull();
    expect(screen.queryByText('Ignore heartbeat events (no e-mail when a charger goes offline or comes back)')).toBeNull();
    fireEvent.click(screen.getByTestId('pref-save'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ events: ['REPORT_TICKET'] });
    expect(puts[0]).not.toHaveProperty('offered');
  });

  it('says there is nothing to notify when no notice is offered', async () => {
    renderPage({ ...DEFAULT_PREF, events: [], offered: [] });
    expect(await screen.findByTestId('pref-none-offered')).toBeTruthy();
    expect(screen.queryByTestId('pref-events')).toBeNull();
  });

  it('splits addresses on lines, commas and semicolons', () => {
    expect(parseEmails('a@b.io, c@d.io;\ne@f.io')).toEqual({ emails: ['a@b.io', 'c@d.io', 'e@f.io'], invalid: undefined });
  });
});
