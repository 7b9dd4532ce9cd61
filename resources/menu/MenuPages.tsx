/**
 * Menus (`#/System/Menu`, API `menu`, requirements §3 "Menu item", §5): the whole menu tree
 * (`GET /sp/menu/full-tree`, disabled menus included) as an indented table, `create` and `:id`
 * (edit) with the required fields of requirements §5 (parent required below the top level), enable /
 * disable with a confirmation. Duplicate name → 307, duplicate permission → 308 (server messages).
 */
import { useMemo, useState } from 'react';
import {
  BooleanInput,
  Create,
  NumberInput,
  RecordContextProvider,
  SelectInput,
  SimpleForm,
  TextInput,
  Title,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  IconButton,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { MENU_REQUIRED, menuInput } from '../../domain/entities/menu';
import { EmptyState, ErrorState } from '../../src/components/common';
import { useApi } from '../../src/hooks/useApi';
import { iconFor } from '../../src/layout/icons';
import { requiredWhen, useSchemaValidate } from '../../src/forms/schemaValidate';
import { bodyOf } from '../../src/forms/body';
import { StatusToggle } from '../../src/components/StatusToggle';
import { useIsAdmin } from '../../src/hooks/useIsAdmin';
import { FormToolbar } from '../../src/components/FormToolbar';
import { EnabledChip } from '../../src/components/EnabledChip';
import { useMenuTitle } from '../../src/hooks/useMenuTitle';
import { flattenTree, type MenuNode } from '../../src/utils/menuTree';
import { routePath } from '../../domain/routes';
import { RouteEdit } from '../../src/components/RouteEdit';

const F = 'resources.menu.fields';

/** Permission strings and URLs wrap at any character, so the tree fits 1440 px with the sidebar open (issue 26 item 9). */
const CODE_CELL = { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', minWidth: 96, maxWidth: 160 } as const;

function useFullTree() {
  return useApi<MenuNode[]>('menu/full-tree', undefined, { staleTime: 10_000 });
}

export function MenuList() {
  const translate = useTranslate();
  const title = useMenuTitle();
  const isAdmin = useIsAdmin();
  const { data, isPending, error, refetch } = useFullTree();
  const [closed, setClosed] = useState<Set<number>>(new Set());
  const tree = useMemo(() => (Array.isArray(data) ? data : []), [data]);
  const rows = useMemo(() => flattenTree(tree), [tree]);
  const byId = useMemo(() => new Map(rows.map((r) => [r.node.id, r.node])), [rows]);
  // A row is shown when none of its ancestors is collapsed.
  const visible = rows.filter(({ node }) => {
    let p = node.parentId;
    while (p) {
      if (closed.has(p)) return false;
      p = byId.get(p)?.parentId ?? null;
    }
    return true;
  });
  const yes = (b: boolean) => translate(`resources.menu.values.${b ? 'yes' : 'no'}`);
  return (
    <Box>
      <Title title={translate('menu.menu')} />
      <Stack direction="row" spacing={1} sx={{ my: 1 }} justifyContent="flex-end">
        <Button size="small" onClick={() => setClosed(new Set())}>
          {translate('resources.menu.actions.expand_all')}
        </Button>
        <Button size="small" onClick={() => setClosed(new Set(rows.filter((r) => r.node.children?.length).map((r) => r.node.id)))}>
          {translate('resources.menu.actions.collapse_all')}
        </Button>
        {isAdmin && (
          <Button variant="contained" size="small" startIcon={<AddIcon />} component={RouterLink} to={`${routePath('menu')}/create`} data-testid="menu-create">
            {translate('ra.action.create')}
          </Button>
        )}
      </Stack>
      <Card>
        {isPending && <LinearProgress />}
        {error ? (
          <ErrorState error={error} onRetry={() => void refetch()} />
        ) : !isPending && !rows.length ? (
          <EmptyState />
        ) : (
          <TableContainer>
            {/* The actions column stays in view (sticky on the right) however wide the table is. */}
            <Table
              size="small"
              data-testid="menus-table"
              sx={{
                '& th:last-of-type, & td:last-of-type': {
                  position: 'sticky',
                  right: 0,
                  bgcolor: 'background.paper',
                  zIndex: 1,
                  boxShadow: '-6px 0 6px -6px rgba(0,0,0,.2)',
                },
              }}
            >
              <TableHead>
                <TableRow>
                  {['name', 'orderNum', 'level', 'enabled', 'permission', 'url', 'icon', 'parentId', 'configurable'].map((k) => (
                    <TableCell key={k} sx={{ whiteSpace: 'nowrap' }}>
                      {translate(`${F}.${k}`)}
                    </TableCell>
                  ))}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate('app.assets.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {visible.map(({ node, depth }) => {
                  const Icon = iconFor(node.icon);
                  const parent = node.parentId ? byId.get(node.parentId) : undefined;
                  const kids = node.children?.length ?? 0;
                  return (
                    <RecordContextProvider key={node.id} value={node}>
                      <TableRow hover data-testid={`menu-row-${node.routeKey ?? node.id}`} sx={{ opacity: node.enabled ? 1 : 0.6 }}>
                        <TableCell sx={{ pl: 1 + depth * 3, whiteSpace: 'nowrap' }}>
                          {kids ? (
                            <IconButton
                              size="small"
                              onClick={() =>
                                setClosed((c) => {
                                  const x = new Set(c);
                                  if (x.has(node.id)) x.delete(node.id);
                                  else x.add(node.id);
                                  return x;
                                })
                              }
                            >
                              {closed.has(node.id) ? <ChevronRight fontSize="small" /> : <ExpandMore fontSize="small" />}
                            </IconButton>
                          ) : (
                            <Box component="span" sx={{ display: 'inline-block', width: 34 }} />
                          )}
                          {title(node)}
                          {node.routeKey && title(node) !== node.name && (
                            <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                              {node.name}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>{node.orderNum}</TableCell>
                        <TableCell>{node.level}</TableCell>
                        <TableCell>
                          <EnabledChip prefix="resources.menu" />
                        </TableCell>
                        <TableCell sx={CODE_CELL}>{node.permission ?? '—'}</TableCell>
                        <TableCell sx={CODE_CELL}>{node.url}</TableCell>
                        <TableCell>
                          <Tooltip title={node.icon}>
                            <Icon fontSize="small" aria-label={node.icon} />
                          </Tooltip>
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{parent ? title(parent) : translate('resources.menu.values.top')}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>{yes(node.configurable)}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {isAdmin && (
                            <>
                              <Button size="small" component={RouterLink} to={`${routePath('menu')}/${node.id}`} data-testid={`menu-edit-${node.id}`}>
                                {translate('ra.action.edit')}
                              </Button>
                              <StatusToggle resource="menu" field="enabled" prefix="resources.menu" words={['enable', 'disable']} />
                              {node.level < 5 && (
                                <Button size="small" component={RouterLink} to={`${routePath('menu')}/create?parentId=${node.id}&level=${node.level + 1}`}>
                                  {translate('resources.menu.actions.add_child')}
                                </Button>
                              )}
                            </>
                          )}
                        </TableCell>
                      </TableRow>
                    </RecordContextProvider>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
    </Box>
  );
}

/** Parent choices: menus one level above the chosen level. */
function ParentInput() {
  const level = Number(useWatch({ name: 'level' }) ?? 1);
  const record = useRecordContext<MenuNode>();
  const title = useMenuTitle();
  const { data } = useFullTree();
  const choices = flattenTree(Array.isArray(data) ? data : [])
    .filter(({ node }) => node.level === level - 1 && node.id !== record?.id)
    .map(({ node }) => ({ id: node.id, name: `${title(node)} (${node.url})` }));
  return (
    <SelectInput
      source="parentId"
      choices={choices}
      disabled={level <= 1}
      isRequired={level > 1}
      helperText="resources.menu.helpers.parentId"
      sx={{ minWidth: 360 }}
      data-testid="menu-parent"
    />
  );
}

/** A menu below the top level needs its parent (611, requirements §5). */
const MENU_RULES = [requiredWhen('parentId', 611, (v) => Number(v.level) > 1)];

function MenuForm({ edit }: { edit?: boolean }) {
  const record = useRecordContext<MenuNode>();
  const seeded = !!record?.routeKey;
  const validate = useSchemaValidate(menuInput, { required: MENU_REQUIRED, rules: MENU_RULES });
  const w = { sx: { minWidth: 360 } };
  return (
    <SimpleForm validate={validate} data-testid="menu-form" toolbar={<FormToolbar />}>
      <TextInput source="name" isRequired {...w} slotProps={{ htmlInput: { 'data-testid': 'menu-name' } }} />
      <NumberInput source="level" isRequired min={1} max={5} {...w} slotProps={{ htmlInput: { 'data-testid': 'menu-level' } }} />
      <ParentInput />
      <NumberInput source="orderNum" isRequired min={0} {...w} slotProps={{ htmlInput: { 'data-testid': 'menu-order' } }} />
      <TextInput
        source="url"
        isRequired
        disabled={edit && seeded}
        helperText={edit && seeded ? 'resources.menu.helpers.seeded' : undefined}
        {...w}
        slotProps={{ htmlInput: { 'data-testid': 'menu-url' } }}
      />
      <TextInput source="permission" isRequired disabled={edit && seeded} {...w} slotProps={{ htmlInput: { 'data-testid': 'menu-permission' } }} />
      <TextInput source="icon" isRequired {...w} slotProps={{ htmlInput: { 'data-testid': 'menu-icon' } }} />
      <BooleanInput source="configurable" defaultValue helperText="resources.menu.helpers.configurable" />
      <BooleanInput source="enabled" defaultValue />
      <BooleanInput source="hidden" defaultValue={false} />
    </SimpleForm>
  );
}

/** A top-level menu has no parent; `configurable` is a plain yes / no. */
const body = bodyOf(menuInput, (d) => ({ ...d, configurable: !!d.configurable, parentId: Number(d.level) > 1 ? (d.parentId ?? null) : null }));

export function MenuCreate() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const defaults = {
    level: Number(params.get('level') ?? 1),
    parentId: params.get('parentId') ? Number(params.get('parentId')) : null,
    orderNum: 100,
    configurable: true,
    enabled: true,
    hidden: false,
  };
  return (
    <Create resource="menu" redirect={() => routePath('menu')} transform={body} record={defaults} title={translate('resources.menu.create_title')}>
      <MenuForm />
    </Create>
  );
}

export function MenuEdit() {
  return (
    <RouteEdit resource="menu" redirect={() => routePath('menu')} transform={body} title="resources.menu.edit_title">
      <MenuForm edit />
    </RouteEdit>
  );
}
