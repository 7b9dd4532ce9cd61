/**
 * The browser session (requirements §3): the token in localStorage `token`, the user `{ id, userName }`
 * in `user`, the permission strings (`['role:admin']` or `menu:*`) in `permissions`, and the full
 * profile of `GET /sp/user/info` in `profile`. `lastUserName` remembers who signed in last.
 */

export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
export const PERMISSIONS_KEY = 'permissions';
export const PROFILE_KEY = 'profile';
export const LAST_USER_KEY = 'lastUserName';

/** The answer of `GET /sp/user/info`. */
export interface UserInfo {
  id: number;
  userName: string;
  realName?: string | null;
  avatar?: string | null;
  email?: string | null;
  phone?: string | null;
  userType?: string | null;
  companyCode?: string | null;
  roles?: string[];
  permissions?: string[];
}

export interface StoredUser {
  id: number;
  userName: string;
}

/** Minimal storage interface (localStorage in the browser, a Map in tests). */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function readJson<T>(storage: SessionStorage, key: string): T | null {
  const raw = storage.getItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Event fired on `window` whenever the token is stored or cleared. */
export const SESSION_EVENT = 'chargedesk:session';

function announce() {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_EVENT));
}

/** Reads and writes the session keys of one storage. */
export function sessionOf(storage: SessionStorage) {
  return {
    token: () => storage.getItem(TOKEN_KEY),
    setToken: (token: string) => {
      storage.setItem(TOKEN_KEY, token);
      announce();
    },
    user: () => readJson<StoredUser>(storage, USER_KEY),
    profile: () => readJson<UserInfo>(storage, PROFILE_KEY),
    permissions: () => readJson<string[]>(storage, PERMISSIONS_KEY),
    lastUserName: () => storage.getItem(LAST_USER_KEY),
    /** Stores what `GET /sp/user/info` answered. */
    setInfo(info: UserInfo) {
      storage.setItem(USER_KEY, JSON.stringify({ id: info.id, userName: info.userName } satisfies StoredUser));
      storage.setItem(PERMISSIONS_KEY, JSON.stringify(info.permissions ?? []));
      storage.setItem(PROFILE_KEY, JSON.stringify(info));
      storage.setItem(LAST_USER_KEY, info.userName);
    },
    /** Forgets everything but `lastUserName`. */
    clear() {
      for (const k of [TOKEN_KEY, USER_KEY, PERMISSIONS_KEY, PROFILE_KEY]) storage.removeItem(k);
      announce();
    },
  };
}
