// @vitest-environment jsdom
/**
 * Dialog actions on a phone: react-admin's Button shows only its icon below 600 px, so a dialog
 * action without an icon was an empty button there (the event's Process, the ticket's Reply).
 * DialogButton shows its translated label on every screen.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { AdminContext, Button, testDataProvider } from 'react-admin';
import { DialogButton } from '../../../src/components/DialogButton';
import { createI18nProvider } from '../../../src/i18n';

describe('dialog buttons on a small screen', () => {
  const original = window.matchMedia;
  beforeEach(() => {
    // Every media query matches: the theme's "down('sm')" holds, as on a 390 px phone.
    window.matchMedia = ((q: string) => ({
      matches: true,
      media: q,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
  });
  afterEach(() => {
    cleanup();
    window.matchMedia = original;
  });

  const inAdmin = (ui: React.ReactElement) =>
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={createI18nProvider()}>
        {ui}
      </AdminContext>,
    );

  it('shows the label of a DialogButton', async () => {
    inAdmin(<DialogButton label="ra.action.cancel" data-testid="b" />);
    expect((await screen.findByTestId('b')).textContent).toBe('Cancel');
  });

  it("(react-admin's Button shows no text there, the reason for DialogButton)", async () => {
    inAdmin(<Button label="ra.action.cancel" data-testid="b" />);
    expect((await screen.findByTestId('b')).textContent).toBe('');
  });
});
