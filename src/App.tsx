/**
 * The console: react-admin `<Admin>` (hash routing, react-admin's default) with the ChargeDesk
 * layout, login page, providers, the resources and pages of src/routes/pages.tsx mounted at the
 * spec's paths (`#/Operations/Orders`, …). `/` goes to `/Dashboard/Dashboard`; `/404` is public.
 */
import { Admin, CustomRoutes } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { Layout } from './layout/Layout';
import { AppNotification } from './layout/DedupeNotifications';
import { LoginPage } from './login/LoginPage';
import { NotFound, PublicNotFound } from './pages/NotFound';
import { pageRoutes, resourceElements } from './routes/pages';
import { authProvider, dataProvider, i18nProvider } from './providers';
import { theme } from './theme';
import { consoleStore } from './store';

const RootRedirect = () => <Navigate to="/Dashboard/Dashboard" replace />;

// Column choices persist per user; the rest lives in memory (src/store.ts).
// biome-ignore lint/correctness/noUnusedVariables: not passed to <Admin>, react-admin's default store serves; wiring it changes what persists
const store = consoleStore();

export function App() {
  return (
    <Admin
      title="ChargeDesk"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      loginPage={LoginPage}
      dashboard={RootRedirect}
      catchAll={NotFound}
      notification={AppNotification}
      theme={theme}
      disableTelemetry
    >
      <CustomRoutes noLayout>
        <Route path="/404" element={<PublicNotFound />} />
      </CustomRoutes>
      <CustomRoutes>{pageRoutes()}</CustomRoutes>
      {resourceElements()}
    </Admin>
  );
}
