/**
 * Sidebar state (requirements §1–2): open/collapsed kept in the `sidebarStatus` cookie ('1' open,
 * '0' collapsed); "mobile" below a 992 px viewport (resize debounced 300 ms), where the sidebar
 * is a drawer that starts closed and closes on navigation.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { getCookie, setCookie } from '../utils/cookie';
import { debounce } from '../utils/debounce';

export const MOBILE_BREAKPOINT = 992;
export const RESIZE_DEBOUNCE_MS = 300;
export const SIDEBAR_COOKIE = 'sidebarStatus';

interface SidebarState {
  /** Desktop: expanded (true) or collapsed to icons. Mobile: drawer open. */
  open: boolean;
  mobile: boolean;
  toggle(): void;
  close(): void;
}

const Ctx = createContext<SidebarState>({ open: true, mobile: false, toggle: () => {}, close: () => {} });

const isMobileWidth = () => typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT;

export function SidebarStateProvider({ children }: { children: ReactNode }) {
  const [mobile, setMobile] = useState(isMobileWidth);
  const [desktopOpen, setDesktopOpen] = useState(() => getCookie(SIDEBAR_COOKIE) !== '0');
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    const onResize = debounce(() => {
      const m = isMobileWidth();
      setMobile(m);
      if (m) setDrawerOpen(false);
    }, RESIZE_DEBOUNCE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      window.removeEventListener('resize', onResize);
    };
  }, []);

  const toggle = useCallback(() => {
    if (mobile) setDrawerOpen((o) => !o);
    else
      setDesktopOpen((o) => {
        setCookie(SIDEBAR_COOKIE, o ? '0' : '1');
        return !o;
      });
  }, [mobile]);
  const close = useCallback(() => setDrawerOpen(false), []);

  const value = useMemo(() => ({ open: mobile ? drawerOpen : desktopOpen, mobile, toggle, close }), [mobile, drawerOpen, desktopOpen, toggle, close]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useSidebar = () => useContext(Ctx);
