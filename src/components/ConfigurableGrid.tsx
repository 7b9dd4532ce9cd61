/**
 * Lists whose columns the user chooses (issue "wide lists"): react-admin's `DatagridConfigurable`
 * with a default set of columns that fits 1440 px with the sidebar open (`omit` names the columns
 * hidden by default), and `SelectColumnsButton` in the list's actions. The choice is remembered
 * per user under `preferences.grid.<user id>.<resource>` (persisted, see src/store.ts).
 */
import { DatagridConfigurable, SelectColumnsButton, useGetIdentity, type DatagridConfigurableProps } from 'react-admin';

/** The preference key of `resource`'s grid for the signed-in user. */
export function useGridPreferenceKey(resource: string): string {
  const { identity } = useGetIdentity();
  return `grid.${identity?.id ?? 'anonymous'}.${resource}`;
}

/** A configurable grid of `resource` for the signed-in user. */
export function ConfigurableGrid({ resource, ...props }: DatagridConfigurableProps & { resource: string }) {
  const preferenceKey = useGridPreferenceKey(resource);
  return <DatagridConfigurable key={preferenceKey} preferenceKey={preferenceKey} {...props} />;
}

/** The "Columns" button choosing the columns of `resource`'s grid. */
export function ColumnsButton({ resource }: { resource: string }) {
  const preferenceKey = useGridPreferenceKey(resource);
  return <SelectColumnsButton preferenceKey={preferenceKey} data-testid="select-columns" />;
}
