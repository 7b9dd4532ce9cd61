/**
 * Mounts one resource declaration (src/resources/declaration.ts) inside the route `<path>/*`
 * of its spec path:
 * the list (or a query view) at the path itself, `create`, `:id` (edit), `:id/show` and the
 * declaration's extra sub-routes, all inside the react-admin resource context of `name` so that
 * the views talk to the API path `/sp/<name>`. Unknown sub-paths render the console's not-found page.
 * `lazyResource` loads a declaration's module on first visit.
 */
import { Fragment, lazy, type ComponentType } from 'react';
import { ResourceContextProvider } from 'react-admin';
import { Route, Routes, useSearchParams } from 'react-router-dom';
import { NotFound } from '../pages/NotFound';
import type { ResourceDeclaration } from './declaration';

function ListRoute({ declaration }: { declaration: ResourceDeclaration }) {
  const [params] = useSearchParams();
  const Frame = declaration.listFrame ?? Fragment;
  const hit = declaration.queryViews?.find((q) => params.get(q.param));
  if (hit) return <Frame><hit.view value={params.get(hit.param) as string} /></Frame>;
  const List = declaration.list;
  return List ? <Frame><List /></Frame> : <NotFound />;
}

/** `name`: the react-admin resource, equal to the API path under `/sp/` (e.g. `card-user`). */
export function ResourceRoutes({ name, declaration }: { name: string; declaration: ResourceDeclaration }) {
  const { create: Create, edit: Edit, show: Show, routes = [] } = declaration;
  return (
    <ResourceContextProvider value={name}>
      <Routes>
        <Route index element={<ListRoute declaration={declaration} />} />
        {Create && <Route path="create" element={<Create />} />}
        {Edit && <Route path=":id" element={<Edit />} />}
        {Show && <Route path=":id/show" element={<Show />} />}
        {routes.map(({ path, view: View }) => <Route key={path} path={path} element={<View />} />)}
        <Route path="*" element={<NotFound />} />
      </Routes>
    </ResourceContextProvider>
  );
}

/** A component mounting the declaration `load` resolves to, loaded when first rendered. */
export function lazyResource(name: string, load: () => Promise<ResourceDeclaration>): ComponentType {
  return lazy(async () => {
    const declaration = await load();
    return { default: () => <ResourceRoutes name={name} declaration={declaration} /> };
  });
}
