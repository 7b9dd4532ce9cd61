/**
 * The role editor's menu permissions (requirements §3 "Role"): the menu tree the signed-in user may grant
 * (`GET /sp/menu/tree`, i.e. what they see themselves; `role:admin` sees all) with tri-state
 * checkboxes — checking a parent selects its sub-menus, a partly chosen parent is indeterminate,
 * and a parent is granted with any of its children. Titles are `menu.<routeKey>`.
 */
import { useMemo, useState } from 'react';
import { useInput, useTranslate } from 'react-admin';
import { Box, Button, Checkbox, CircularProgress, FormHelperText, FormLabel, IconButton, Stack, Typography } from '@mui/material';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { useApi } from '../../src/hooks/useApi';
import { useMenuTitle } from '../../src/hooks/useMenuTitle';
import { checkState, grantableTree, toggle, type MenuNode } from '../../src/utils/menuTree';

interface TreeProps {
  tree: MenuNode[];
  selected: ReadonlySet<string>;
  onChange: (next: string[]) => void;
  disabled?: boolean;
}

/** The controlled checkbox tree (pure UI; tested on its own). */
export function PermissionTreeView({ tree, selected, onChange, disabled }: TreeProps) {
  const translate = useTranslate();
  const title = useMenuTitle();
  const [closed, setClosed] = useState<Set<number>>(new Set());
  const row = (n: MenuNode, depth: number) => {
    const state = checkState(n, selected);
    const kids = n.children ?? [];
    const isClosed = closed.has(n.id);
    return (
      <Box key={n.id}>
        <Stack direction="row" alignItems="center" sx={{ pl: depth * 3 }} data-testid={`perm-node-${n.permission}`} data-state={state}>
          {kids.length ? (
            <IconButton
              size="small"
              onClick={() =>
                setClosed((c) => {
                  const x = new Set(c);
                  if (x.has(n.id)) x.delete(n.id);
                  else x.add(n.id);
                  return x;
                })
              }
            >
              {isClosed ? <ChevronRight fontSize="small" /> : <ExpandMore fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 34 }} />
          )}
          <Checkbox
            size="small"
            disabled={disabled}
            checked={state === 'checked'}
            indeterminate={state === 'indeterminate'}
            onChange={() => onChange(toggle(tree, n, selected))}
            slotProps={{ input: { 'aria-label': title(n), ...({ 'data-testid': `perm-${n.permission}` } as object) } }}
          />
          <Typography variant="body2">{title(n)}</Typography>
          <Typography variant="caption" color="text.secondary" sx={{ ml: 1, fontFamily: 'monospace' }}>
            {n.permission}
          </Typography>
        </Stack>
        {!isClosed && kids.map((k) => row(k, depth + 1))}
      </Box>
    );
  };
  const parents = tree.filter((n) => n.children?.length).map((n) => n.id);
  return (
    <Box data-testid="permission-tree">
      <Stack direction="row" spacing={1} sx={{ mb: 0.5 }}>
        <Button size="small" onClick={() => setClosed(new Set())}>
          {translate('resources.role.tree.expand_all')}
        </Button>
        <Button size="small" onClick={() => setClosed(new Set(parents))}>
          {translate('resources.role.tree.collapse_all')}
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ alignSelf: 'center' }} data-testid="perm-count">
          {translate('resources.role.tree.selected', { count: selected.size })}
        </Typography>
      </Stack>
      {tree.map((n) => row(n, 0))}
    </Box>
  );
}

/** The form input (`permissions: string[]`) over the grantable menu tree. */
export function PermissionTreeInput({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput<string[]>({ source: 'permissions', defaultValue: [] });
  const { data, isPending, error } = useApi<MenuNode[]>('menu/tree', undefined, { staleTime: 30_000 });
  const tree = useMemo(() => grantableTree(Array.isArray(data) ? data : []), [data]);
  const selected = useMemo(() => new Set<string>(Array.isArray(field.value) ? field.value : []), [field.value]);
  return (
    <Box sx={{ my: 1, width: '100%', maxWidth: 720 }}>
      <FormLabel>{translate('resources.role.fields.permissions')}</FormLabel>
      <FormHelperText sx={{ mt: 0, mb: 1 }}>{translate('resources.role.helpers.permissions')}</FormHelperText>
      {isPending ? (
        <Stack direction="row" spacing={1} alignItems="center">
          <CircularProgress size={16} />
          <Typography variant="body2">{translate('resources.role.tree.loading')}</Typography>
        </Stack>
      ) : error ? (
        <FormHelperText error>{error.message}</FormHelperText>
      ) : (
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1, maxHeight: 480, overflowY: 'auto' }}>
          <PermissionTreeView tree={tree} selected={selected} onChange={(next) => field.onChange(next)} disabled={disabled} />
        </Box>
      )}
    </Box>
  );
}
