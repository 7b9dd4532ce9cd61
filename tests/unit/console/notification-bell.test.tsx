// @vitest-environment jsdom
/**
 * The bell's tooltip does not outlive the notification panel: it is hidden while the panel is
 * open and stays closed when the panel closes and hands focus back to the bell (before the fix
 * the tooltip, opened by that focus, stayed over the navbar).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, type DataProvider } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n';
import { NotificationBell } from '../../../src/layout/NotificationBell';

beforeAll(() => {
  window.matchMedia ??= ((q: string) => ({
    matches: false,
    media: q,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
});
afterEach(cleanup);

const summary = { all: { total: 0, unread: 0 }, events: { total: 0, unread: 0 }, problems: { total: 0, unread: 0 } };
const dataProvider = {
  fetchData: async (path: string) => (path.includes('summary') ? summary : []),
  call: async () => ({}),
} as unknown as DataProvider;

describe('NotificationBell tooltip', () => {
  it('is gone once the panel closes, even when the bell gets its focus back', async () => {
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={createI18nProvider()}>
        <NotificationBell />
      </AdminContext>,
    );
    const bell = await screen.findByTestId('notification-bell');
    fireEvent.mouseOver(bell);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeNull());
    fireEvent.click(bell);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    // the panel gives focus back to the bell, as MUI's modal does on close
    await act(async () => {
      bell.focus();
      fireEvent.focus(bell);
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
