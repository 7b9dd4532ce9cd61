// @vitest-environment jsdom
/** The role editor's permission tree and the sidebar built from the server's menu tree. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { AdminContext, testDataProvider } from 'react-admin';
import { createI18nProvider } from '../../../src/i18n';
import { checkState, grantableTree, normalise, sidebarFromMenuTree, toggle, type MenuNode } from '../../../src/utils/menuTree';
import { PermissionTreeView } from '../../../resources/role/PermissionTree';

afterEach(() => {
  cleanup();
  document.cookie = 'language=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

let nextId = 1;
const node = (routeKey: string, permission: string | null, url: string, children: MenuNode[] = [], extra: Partial<MenuNode> = {}): MenuNode => ({
  id: nextId++,
  name: routeKey,
  routeKey,
  orderNum: nextId,
  level: 1,
  enabled: true,
  permission,
  url,
  icon: 'Menu',
  parentId: null,
  configurable: true,
  hidden: false,
  children,
  ...extra,
});

const orders = node('orders', 'menu:operations:orders', '/Operations/Orders');
const stats = node('statistics', 'menu:operations:statistics', '/Operations/Statistics');
const operations = node('operations', 'menu:operations', '/Operations', [orders, stats]);
const map = node('mapMonitoring', 'menu:monitoring:mapmonotoring', '/Monitoring/MapMonitoring');
const monitoring = node('monitoring', 'menu:monitoring', '/Monitoring', [map]);
const dashboard = node('dashboard', null, '/Dashboard/Dashboard');
const tree = [dashboard, monitoring, operations];

describe('permission tree rules', () => {
  it('derives a parent state from its leaves', () => {
    expect(checkState(operations, new Set())).toBe('unchecked');
    expect(checkState(operations, new Set(['menu:operations', 'menu:operations:orders']))).toBe('indeterminate');
    expect(checkState(operations, new Set(['menu:operations:orders', 'menu:operations:statistics']))).toBe('checked');
    // A parent permission alone (no child) does not check the parent.
    expect(checkState(operations, new Set(['menu:operations']))).toBe('unchecked');
  });
  it('checking a parent selects its subtree; unchecking clears it', () => {
    const all = toggle(tree, operations, new Set());
    expect(all).toEqual(['menu:operations', 'menu:operations:orders', 'menu:operations:statistics']);
    expect(toggle(tree, operations, new Set(all))).toEqual([]);
  });
  it('a child brings its parent and the last child unchecked drops it', () => {
    const one = toggle(tree, orders, new Set());
    expect(one).toEqual(['menu:operations', 'menu:operations:orders']);
    expect(toggle(tree, orders, new Set(one))).toEqual([]);
  });
  it('keeps permissions outside the tree and drops orphan parents', () => {
    expect(normalise(tree, new Set(['menu:system:menu', 'menu:monitoring']))).toEqual(['menu:system:menu']);
  });
  it('offers only configurable nodes with a permission', () => {
    const locked = node('x', 'menu:x', '/X', [], { configurable: false });
    expect(grantableTree([...tree, locked]).map((n) => n.routeKey)).toEqual(['monitoring', 'operations']);
  });
});

describe('the tree view', () => {
  // biome-ignore lint/correctness/noComponentHookFactories: declared once with the suite, never inside a render
  function Harness({ initial }: { initial: string[] }) {
    const [sel, setSel] = useState<string[]>(initial);
    return (
      <>
        <PermissionTreeView tree={grantableTree(tree)} selected={new Set(sel)} onChange={setSel} />
        <output data-testid="value">{sel.join(',')}</output>
      </>
    );
  }
  const renderTree = (initial: string[]) =>
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={createI18nProvider()}>
        <Harness initial={initial} />
      </AdminContext>,
    );

  it('shows tri-state checkboxes with menu titles and updates the value', async () => {
    renderTree(['menu:operations', 'menu:operations:orders']);
    expect((await screen.findByTestId('perm-node-menu:operations')).getAttribute('data-state')).toBe('indeterminate');
    expect(screen.getByText('Operations')).toBeTruthy();
    expect(screen.getByText('Orders')).toBeTruthy();
    fireEvent.click(screen.getByTestId('perm-menu:operations:statistics'));
    expect(screen.getByTestId('perm-node-menu:operations').getAttribute('data-state')).toBe('checked');
    fireEvent.click(screen.getByTestId('perm-menu:operations'));
    expect(screen.getByTestId('value').textContent).toBe('');
    fireEvent.click(screen.getByTestId('perm-menu:monitoring'));
    expect(screen.getByTestId('value').textContent).toBe('menu:monitoring,menu:monitoring:mapmonotoring');
  });

  it('titles follow the language', async () => {
    document.cookie = 'language=zh; path=/';
    renderTree([]);
    expect(await screen.findByText('订单')).toBeTruthy();
  });
});

describe('sidebar from the server menu tree', () => {
  it('keeps implemented pages, drops disabled, hidden and empty sections, follows orderNum', () => {
    const disabled = node('statistics', 'menu:operations:statistics', '/Operations/Statistics', [], { enabled: false });
    const ops = node('operations', 'menu:operations', '/Operations', [
      disabled,
      node('orders', 'menu:operations:orders', '/Operations/Orders', [], { orderNum: 0 }),
    ]);
    const mon = node('monitoring', 'menu:monitoring', '/Monitoring', [node('mapMonitoring', 'menu:monitoring:mapmonotoring', '/Monitoring/MapMonitoring')]);
    const hidden = node('tourAccount', null, '/TourAccount/TourAccount', [], { hidden: true });
    const dash = node('dashboard', null, '/Dashboard/Dashboard', [], { orderNum: 999 });
    const implemented = new Set(['/Dashboard/Dashboard', '/Operations/Orders', '/Operations/Statistics', '/TourAccount/TourAccount']);
    const out = sidebarFromMenuTree([dash, mon, ops, hidden], implemented);
    expect(out.map((n) => n.key)).toEqual(['operations', 'dashboard']);
    expect(out[0].children?.map((n) => n.path)).toEqual(['/Operations/Orders']);
  });
});
