/**
 * The list of a resource built from its field declarations (./fields.tsx; issue 25 item 3, issue
 * 26 items 9–10): react-admin's `List` with the declared filters (and a search box), a datagrid of
 * the `list` fields — with the column chooser (src/components/ConfigurableGrid.tsx) when some
 * columns are `'optional'`, so the default set fits 1440 px with the sidebar open — and under the
 * `sm` breakpoint react-admin's `SimpleList` as cards (`data-testid="list-cards"`) with the `card`
 * fields, so a phone never scrolls sideways. The create button comes from the resource
 * (`hasCreate`), links from `useCreatePath`. An entity adds only what is special: `actions`
 * (e.g. its export button, passed through), `columns` after the declared ones (row actions).
 */
import { useMemo, type ReactElement, type ReactNode } from 'react';
import {
  CreateButton,
  Datagrid,
  FilterButton,
  List,
  Pagination,
  SearchInput,
  SimpleList,
  TopToolbar,
  useResourceContext,
  useResourceDefinition,
  useTranslate,
  type ListProps,
  type RaRecord,
} from 'react-admin';
import { useMediaQuery, type Theme } from '@mui/material';
import { EmptyState, ErrorState } from '../components/common';
import { ColumnsButton, ConfigurableGrid } from '../components/ConfigurableGrid';
import { ROWS_PER_PAGE } from '../components/filterInputs';
import { DeclaredField, displayOf, filterInput, type FieldSpec } from './fields';

export interface GenericListProps<R extends RaRecord> extends Omit<ListProps, 'children' | 'actions' | 'filters' | 'title'> {
  fields: FieldSpec<R>[];
  /** i18n key of the page title (the menu's). */
  title: string;
  /** A search box (`q`) before the declared filters (a string: its `data-testid`). */
  search?: boolean | string;
  /** Buttons after filter / columns / create (e.g. the list's export). */
  actions?: ReactNode;
  /** `data-testid` of the datagrid and of the create button. */
  gridTestId?: string;
  createTestId?: string;
  /** Where a row leads: the edit or show view of the resource, or nowhere. */
  rowClick?: 'edit' | 'show' | false;
  /** Further columns after the declared ones (row actions). */
  columns?: ReactElement[];
  /** Columns before the declared ones (row actions that must never fall off a wide list). */
  leadColumns?: ReactElement[];
  /** Extra style of the datagrid. */
  gridSx?: object;
}

/** True under the `sm` breakpoint (phones). */
export const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

export function GenericList<R extends RaRecord>({
  fields,
  title,
  search,
  actions,
  gridTestId,
  createTestId,
  rowClick = 'edit',
  columns = [],
  leadColumns = [],
  gridSx,
  ...props
}: GenericListProps<R>) {
  const translate = useTranslate();
  const resource = useResourceContext() as string;
  const { hasCreate } = useResourceDefinition();
  const phone = usePhone();
  const filters = useMemo(
    () => [
      ...(search ? [<SearchInput key="q" source="q" alwaysOn data-testid={typeof search === 'string' ? search : undefined} />] : []),
      ...fields.filter((f) => f.filter).map((f) => filterInput(f as FieldSpec)),
    ],
    [fields, search],
  );
  const configurable = fields.some((f) => f.list === 'optional');
  const toolbar = (
    <TopToolbar>
      {filters.some((f) => !f.props.alwaysOn) && <FilterButton />}
      {configurable && !phone && <ColumnsButton resource={resource} />}
      {hasCreate && <CreateButton data-testid={createTestId} />}
      {actions}
    </TopToolbar>
  );
  const shown = fields.filter((f) => f.list);
  const line = (place: FieldSpec['card']) => {
    const f = fields.find((x) => x.card === place);
    return f ? (r: RaRecord) => displayOf(f as FieldSpec, r, translate) : undefined;
  };
  const cols = shown.map((f) => (
    <DeclaredField
      key={f.source}
      field={f as FieldSpec}
      source={f.source}
      label={f.label}
      sortable={f.sortable ?? (f.kind !== 'json' && f.kind !== 'image')}
      sortBy={f.kind === 'reference' ? f.display : undefined}
      textAlign={f.textAlign ?? (f.kind === 'number' || f.kind === 'money' ? 'right' : undefined)}
    />
  ));
  const gridProps = {
    bulkActionButtons: false as const,
    rowClick: rowClick || undefined,
    empty: <EmptyState />,
    'data-testid': gridTestId,
    sx: { '& td.column-createdAt, & td.column-updatedAt': { whiteSpace: 'nowrap' }, ...gridSx },
  };
  return (
    <List
      filters={filters}
      perPage={20}
      actions={toolbar}
      pagination={<Pagination rowsPerPageOptions={ROWS_PER_PAGE} />}
      title={translate(title)}
      empty={false}
      error={<ErrorState />}
      {...props}
    >
      {phone ? (
        <SimpleList
          data-testid="list-cards"
          primaryText={line('primary') ?? ((r: RaRecord) => String(r.id))}
          secondaryText={line('secondary')}
          tertiaryText={line('tertiary')}
          linkType={rowClick}
          empty={<EmptyState />}
        />
      ) : configurable ? (
        <ConfigurableGrid resource={resource} omit={fields.filter((f) => f.list === 'optional').map((f) => f.source)} {...gridProps}>
          {leadColumns}
          {cols}
          {columns}
        </ConfigurableGrid>
      ) : (
        <Datagrid {...gridProps}>
          {leadColumns}
          {cols}
          {columns}
        </Datagrid>
      )}
    </List>
  );
}
