/**
 * Every menu entry of domain/routes.ts has its own sidebar icon: an icon name missing from
 * src/layout/icons.ts falls back to a dot, which shows as a blank icon in the sidebar (as the
 * Notification Preference entry once did).
 */
import { describe, expect, it } from 'vitest';
import CircleIcon from '@mui/icons-material/Circle';
import { ROUTES, type RouteNode } from '../../../domain/routes';
import { iconFor } from '../../../src/layout/icons';

const flat = (nodes: RouteNode[]): RouteNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

describe('sidebar icons', () => {
  it.each(flat(ROUTES).map((n) => [n.path, n.icon] as const))('%s has a bundled icon (%s)', (_path, icon) => {
    expect(iconFor(icon)).not.toBe(CircleIcon);
  });
});
