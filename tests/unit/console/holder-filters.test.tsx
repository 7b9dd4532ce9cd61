// @vitest-environment jsdom
/**
 * The filters of the charger-user lists (src/components/balance/holderFilters.tsx, requirements §2): search,
 * company and active first, each always shown and labelled from its resource, then the list's own.
 */
import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { AdminContext } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n';
import { holderFilters } from '../../../src/components/balance/holderFilters';
import { useCardUserFilters } from '../../../resources/card-user/cardUserFilters';

type Props = { source: string; alwaysOn?: boolean; label?: string; placeholder?: string; choices?: { id: string; name: string }[] };
const propsOf = (els: ReactElement[]) => els.map((e) => ({ key: e.key, ...(e.props as Props) }));

describe('charger-user list filters', () => {
  it('start with search, company and active, labelled from the resource', () => {
    const translate = (k: string) => `«${k}»`;
    const [q, company, active] = propsOf(holderFilters('app-user', translate));
    expect(q).toMatchObject({ key: 'q', source: 'q', alwaysOn: true, placeholder: '«resources.app-user.filters.q»' });
    expect(company).toMatchObject({ key: 'companyCode', source: 'companyCode', alwaysOn: true, label: 'resources.app-user.fields.companyName' });
    expect(active).toMatchObject({
      key: 'active',
      source: 'active',
      alwaysOn: true,
      label: 'resources.app-user.fields.active',
      choices: [
        { id: 'true', name: '«resources.app-user.values.active.true»' },
        { id: 'false', name: '«resources.app-user.values.active.false»' },
      ],
    });
  });

  it('the card user list adds scope and manager card, in English', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <AdminContext i18nProvider={createI18nProvider()}>{children}</AdminContext>;
    const { result } = renderHook(() => useCardUserFilters(), { wrapper });
    const all = propsOf(result.current);
    expect(all.map((p) => p.source)).toEqual(['q', 'companyCode', 'active', 'scope', 'managerCard']);
    expect(all.every((p) => p.alwaysOn)).toBe(true);
    expect(all[2].label).toBe('resources.card-user.fields.active');
    expect(all[4].choices?.map((c) => c.id)).toEqual(['true', 'false']);
    expect(all[4].choices?.every((c) => !c.name.startsWith('resources.'))).toBe(true);
  });
});
