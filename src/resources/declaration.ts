/**
 * The shape of a resource declaration (`resources/<name>/index.ts`, default export): its views
 * (loaded on first visit through `lazyView`), icon and record representation. src/resources/mount.tsx
 * turns one into react-admin's `<Resource>`; src/resources/registry.ts says at which spec path
 * (domain/routes.ts) and for which API path each is mounted.
 */
import { lazy, type ComponentType, type ReactNode } from 'react';

/**
 * A view loaded on first render: export `key` of the module `load` resolves to (e.g.
 * `lazyView(() => import('./StationGroupPages'), 'StationGroupList')`), so declarations stay small
 * enough to be read when the console starts.
 */
// biome-ignore lint/suspicious/noExplicitAny: the slot the view fills (list, query view, frame) decides its props.
export function lazyView<M, K extends keyof M & string>(load: () => Promise<M>, key: K): ComponentType<any> {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  return lazy(async () => ({ default: (await load())[key] as ComponentType<any> }));
}

/** A view shown at the list route instead of the list when the query holds `param` (requirements §2 `?id=`, `?GatewaySN=`). */
export interface QueryView {
  param: string;
  /** Receives the parameter's value (never empty). */
  view: ComponentType<{ value: string }>;
}

/** An extra sub-route of a resource, relative to its path (e.g. `:id/upgrade`). */
export interface SubRoute {
  path: string;
  view: ComponentType;
}

export interface ResourceDeclaration {
  /** At `<path>`. */
  list?: ComponentType;
  /** At `<path>/create`. */
  create?: ComponentType;
  /** At `<path>/:id`. */
  edit?: ComponentType;
  /** At `<path>/:id/show`. */
  show?: ComponentType;
  icon?: ComponentType;
  /** Field (or function) naming one record in titles and references. */
  recordRepresentation?: string | ((record: never) => ReactNode);
  /** Views of the list route chosen by a query parameter, first match wins. */
  queryViews?: readonly QueryView[];
  /** Frame around the list and query views (e.g. the station profile's tabs). */
  listFrame?: ComponentType<{ children?: ReactNode }>;
  /** Further sub-routes. */
  routes?: readonly SubRoute[];
}
