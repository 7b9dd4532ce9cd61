/**
 * The shape of a resource declaration (`resources/<name>/index.ts`, default export): its views,
 * icon and record representation. `ResourceRoutes` mounts one; src/resources/registry.ts says
 * under which react-admin resource (API path) and spec path (domain/routes.ts) each is mounted.
 */
import type { ComponentType, ReactNode } from 'react';

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
