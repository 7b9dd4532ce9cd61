import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { ADMIN_PERMISSION, allPermissions } from '../../../domain/routes.js';

const leaves = (o: unknown): string[] => (typeof o === 'string' ? [o] : Object.values(o as object).flatMap(leaves));

describe('PERMISSIONS (issue 10 item 4: one source for the permission strings)', () => {
  it('holds exactly the route table permissions plus role:admin, each once', () => {
    const all = leaves(PERMISSIONS);
    expect(new Set(all).size).toBe(all.length);
    expect(all.filter((p) => p !== ADMIN_PERMISSION).sort()).toEqual([...allPermissions()].sort());
    expect(PERMISSIONS.operations.orders).toBe('menu:operations:orders');
    expect(PERMISSIONS.admin).toBe('role:admin');
  });
});
