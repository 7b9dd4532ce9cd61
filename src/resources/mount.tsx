/**
 * One resource declaration (./declaration.ts) as react-admin's `<Resource>` named after its spec
 * path (./names.ts), so react-admin gives the views their resource context, `hasCreate` /
 * `hasEdit` / `hasShow`, `useCreatePath`, the icon and the record representation:
 * the list (or a query view, `?id=` / `?GatewaySN=`) at the path, `create`, `:id` (edit),
 * `:id/show` and the declaration's extra sub-routes. Two small wrappers around `<Resource>`
 * (docs/decisions.md, "Resources at the spec's paths"): every view is guarded by the route table's
 * permission of its path (requirements §6), and the list route answers the query views, wraps the
 * list in its frame (station profile tabs) and shows the not-found page for a sub-path no view
 * serves (react-admin would show the list there).
 */
import { createElement, Fragment, type ComponentType, type ReactNode } from 'react';
import { AccessDenied, Resource, useCanAccess } from 'react-admin';
import { Route, useParams, useSearchParams } from 'react-router-dom';
import { NotFound } from '../pages/NotFound';
import type { ResourceDeclaration } from './declaration';
import { resourceAt } from './names';

/**
 * Renders `children` when the auth provider's `canAccess` lets the user open `path` (requirements §6),
 * else react-admin's access-denied page.
 */
export function Guarded({ path, children }: { path: string; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource: path, action: 'access' });
  if (isPending) return null;
  return canAccess ? children : <AccessDenied />;
}

function ListRoute({ declaration }: { declaration: ResourceDeclaration }) {
  const [params] = useSearchParams();
  const rest = useParams()['*'];
  if (rest) return <NotFound />;
  const Frame = declaration.listFrame ?? Fragment;
  const hit = declaration.queryViews?.find((q) => params.get(q.param));
  if (hit)
    return (
      <Frame>
        <hit.view value={params.get(hit.param) as string} />
      </Frame>
    );
  const List = declaration.list;
  return List ? (
    <Frame>
      <List />
    </Frame>
  ) : (
    <NotFound />
  );
}

/** A guarded view; a deeper sub-path (`12/show` where only edit exists) is not found. */
function Exact({ path, view: View }: { path: string; view: ComponentType }) {
  const rest = useParams()['*'];
  return rest ? (
    <NotFound />
  ) : (
    <Guarded path={path}>
      <View />
    </Guarded>
  );
}

const guard = (path: string, view: ComponentType | undefined) => view && <Exact path={path} view={view} />;

/** The `<Resource>` element of `declaration` at spec path `path` (a direct child of `<Admin>`). */
export function resourceElement(path: string, declaration: ResourceDeclaration) {
  const { create, edit, show, routes = [], icon, recordRepresentation } = declaration;
  return (
    <Resource
      key={path}
      name={resourceAt(path)}
      list={
        <Guarded path={path}>
          <ListRoute declaration={declaration} />
        </Guarded>
      }
      create={guard(path, create)}
      edit={guard(path, edit)}
      show={guard(path, show)}
      icon={icon}
      recordRepresentation={recordRepresentation as string | undefined}
    >
      {routes.map(({ path: sub, view }) => (
        <Route key={sub} path={sub} element={<Guarded path={path}>{createElement(view)}</Guarded>} />
      ))}
    </Resource>
  );
}
