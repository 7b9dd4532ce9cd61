/**
 * The react-admin auth provider (requirements §2, §3, §6, §8).
 * - login: `POST /sp/login` with JSON `{ username (trimmed), password }`, stores the token, then
 *   loads `GET /sp/user/info` (user, permissions, profile). A failure of that second call clears
 *   the token and rejects with `app.auth.permissions_failed` (requirements §2: failed route build).
 *   Wrong credentials reject with the server's HttpError (code 700) for the login form to show.
 * - logout: `DELETE /sp/logout` (when a token is held), then clears the session.
 * - checkAuth: a token is needed; otherwise → `/login?redirect=<wanted path>`.
 * - checkError: envelope code 401 → "Authentication exception" toast, logout (session cleared)
 *   and back to the login page; other
 *   errors (700 wrong login, 403, …) stay on the page as toasts.
 * - getPermissions: the stored strings, reloaded from user/info when missing.
 * - canAccess: for a console path (`resource` starting with `/`, e.g. `/Operations/Orders`), whether
 *   the permissions open it (requirements §6, domain/access.ts); react-admin's own checks on API
 *   resources (`card-user` edit, …) are always allowed here: the server enforces them (403).
 */
import type { AuthProvider } from 'react-admin';
import type { HttpClient } from '../dataProvider/httpClient';
import { errorCode } from '../dataProvider/httpClient';
import { canAccess as canOpenPath } from '../domain/access';
import { sessionOf, type SessionStorage, type UserInfo } from './session';

export * from './session';

/** sessionStorage key of a message the login page shows once (e.g. permissions failed to load). */
export const LOGIN_NOTICE_KEY = 'loginNotice';

/**
 * The login address for a signed-out user who wanted `hashPath` (e.g. `/Operations/Orders?x=1`):
 * `/login?redirect=<encoded path>`, or just `/login` for the root and the login page itself.
 */
export function loginPathFor(hashPath: string): string {
  const path = hashPath.replace(/^#/, '');
  if (!path || path === '/' || path.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/** The current hash path of the browser ('' outside one). */
function currentHashPath(): string {
  return typeof window === 'undefined' ? '' : window.location.hash.replace(/^#/, '');
}

/** A safe redirect target from the login page's `redirect` parameter (internal paths only). */
export function safeRedirect(redirect: string | null | undefined): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/login')) return '/';
  return redirect;
}

export interface AuthProviderDeps {
  http: HttpClient;
  storage?: SessionStorage;
  /** Where the browser is (hash path); injectable for tests. */
  location?: () => string;
}

/** Creates the auth provider. */
export function createAuthProvider({ http, storage = localStorage, location = currentHashPath }: AuthProviderDeps): AuthProvider {
  const session = sessionOf(storage);

  async function loadInfo(): Promise<UserInfo> {
    try {
      const info = await http<UserInfo>('/user/info');
      session.setInfo(info);
      return info;
    } catch (e) {
      session.clear();
      throw new Error('app.auth.permissions_failed', { cause: e });
    }
  }

  const provider: AuthProvider = {
    async login(params: { username?: string; password?: string }) {
      const username = (params.username ?? '').trim();
      const password = params.password ?? '';
      session.clear();
      const { token } = await http<{ token: string }>('/login', { method: 'POST', body: { username, password } });
      session.setToken(token);
      await loadInfo();
    },

    /**
     * Ends the session. react-admin then shows `/login` and hands the page it came from in the
     * location state (`nextPathname`); the login page turns that into `?redirect=` (a redirect
     * string returned from here would re-enter react-admin's logout-on-mount route in a loop).
     */
    async logout() {
      if (session.token()) {
        try {
          await http('/logout', { method: 'DELETE' });
        } catch {
          // the session is cleared locally whatever the server says
        }
      }
      session.clear();
    },

    async checkAuth() {
      if (!session.token()) {
        throw { redirectTo: loginPathFor(location()), message: false };
      }
    },

    async checkError(error: unknown) {
      const code = errorCode(error);
      const status = (error as { status?: number } | null)?.status;
      const permissionsFailed = (error as { message?: string } | null)?.message === 'app.auth.permissions_failed';
      if (permissionsFailed) {
        throw { redirectTo: loginPathFor(location()), message: 'app.auth.permissions_failed' };
      }
      if (code === 401 || (code === undefined && status === 401)) {
        // react-admin shows the message, then calls logout(), which clears the session; clearing
        // here first would make it skip the message.
        throw { redirectTo: loginPathFor(location()), message: 'app.auth.session_expired' };
      }
    },

    async getPermissions() {
      if (!session.token()) return [];
      const stored = session.permissions();
      if (stored) return stored;
      try {
        const info = await loadInfo();
        return info.permissions ?? [];
      } catch (e) {
        // The session is gone; the login page shows why (requirements §2: failed route build).
        if (typeof sessionStorage !== 'undefined') sessionStorage.setItem(LOGIN_NOTICE_KEY, 'app.auth.permissions_failed');
        throw e;
      }
    },

    async getIdentity() {
      const user = session.user();
      if (!user) throw new Error('app.auth.permissions_failed');
      const profile = session.profile();
      return {
        id: user.id,
        fullName: profile?.realName || user.userName,
        avatar: profile?.avatar ?? undefined,
        userName: user.userName,
      };
    },

    async canAccess({ resource }: { resource: string }) {
      if (!resource.startsWith('/')) return true;
      const permissions: unknown = await provider.getPermissions?.({});
      return canOpenPath(resource, Array.isArray(permissions) ? permissions : []);
    },
  };
  return provider;
}
