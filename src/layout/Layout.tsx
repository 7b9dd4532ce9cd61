/**
 * The main layout (requirements §2): dark sidebar, top navbar, content area. Sets the page title
 * ("<route title> - ChargeDesk") and scrolls to the top on navigation.
 */
import { Component, Suspense, useEffect, useSyncExternalStore, type ErrorInfo, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { loginPathFor } from '../../authProvider';
import { SESSION_EVENT, TOKEN_KEY } from '../../authProvider/session';
import { Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { breadcrumbKeys } from '../../domain/access';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { SidebarStateProvider } from './SidebarState';

/** Sets `document.title` to "<title> - ChargeDesk" for the current route and language. */
export function usePageTitle(titleKey?: string) {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [locale] = useLocaleState();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the title is translated again when the language changes
  useEffect(() => {
    const keys = breadcrumbKeys(pathname);
    const key = titleKey ?? keys[keys.length - 1] ?? 'menu.notFound';
    document.title = `${translate(key)} - ${translate('app.name')}`;
  }, [pathname, locale, titleKey, translate]);
}

function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the top at each route change
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** A loading placeholder for lazily loaded pages. */
export function PageSkeleton() {
  return (
    <Stack spacing={2} data-testid="page-loading">
      <Stack direction="row" spacing={2}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} sx={{ flex: 1 }} />
        ))}
      </Stack>
      <Skeleton variant="rounded" height={320} />
    </Stack>
  );
}

function ErrorView({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Paper sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6" gutterBottom>
        {translate('ra.page.error')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(error.message, { _: error.message })}
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        {translate('app.error.retry')}
      </Button>
    </Paper>
  );
}

class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  override render() {
    if (this.state.error) return <ErrorView error={this.state.error} onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}

/** The stored token, re-read whenever the session changes (this tab or another). */
function useToken(): string | null {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener(SESSION_EVENT, notify);
      window.addEventListener('storage', notify);
      return () => {
        window.removeEventListener(SESSION_EVENT, notify);
        window.removeEventListener('storage', notify);
      };
    },
    () => localStorage.getItem(TOKEN_KEY),
  );
}

export function Layout({ children }: { children?: ReactNode }) {
  const { pathname, search } = useLocation();
  usePageTitle();
  // Every page inside the layout needs a session (requirements §2): a signed-out visitor goes to
  // `/login?redirect=<wanted path>` before anything is drawn or fetched. This is a plain
  // check of the stored token rather than react-admin's requireAuth, whose logout-on-mount
  // route can keep re-running while the router's navigation to /login is still pending.
  const token = useToken();
  if (!token) return <Navigate to={loginPathFor(`${pathname}${search}`)} replace />;
  return (
    <SidebarStateProvider>
      <ScrollToTop />
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <Sidebar />
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          <Navbar />
          <Box component="main" id="main-content" sx={{ flex: 1, p: { xs: 1.5, sm: 2.5 }, minWidth: 0 }}>
            <PageErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageSkeleton />}>{children}</Suspense>
            </PageErrorBoundary>
          </Box>
        </Box>
      </Box>
    </SidebarStateProvider>
  );
}
