/**
 * The console's MUI theme: primary #1ebb77 (requirements §1 active colour), the dark sidebar palette of
 * requirements §1 (`SIDEBAR`), system fonts only (nothing loaded from the internet).
 */
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Sidebar colours of requirements §1. */
export const SIDEBAR = {
  text: '#bfcbd9',
  active: '#1ebb77',
  background: '#304156',
  submenuBackground: '#1f2d3d',
  hover: '#263445',
  width: 220,
  collapsedWidth: 64,
} as const;

/** Colours of the dashboard split and charger states. */
export const STATE_COLORS = {
  available: '#1ebb77',
  charging: '#409eff',
  occupied: '#e6a23c',
  faulty: '#f56c6c',
  offline: '#909399',
} as const;

const FONT = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"WenQuanYi Micro Hei"',
  'sans-serif',
].join(',');

export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1ebb77', contrastText: '#ffffff' },
    secondary: { main: '#304156' },
    background: { default: '#f0f2f5', paper: '#ffffff' },
  },
  shape: { borderRadius: 6 },
  typography: { fontFamily: FONT },
  sidebar: { width: SIDEBAR.width, closedWidth: SIDEBAR.collapsedWidth },
  components: {
    ...defaultTheme.components,
    MuiPaper: { styleOverrides: { elevation1: { boxShadow: '0 1px 4px rgba(0,21,41,.08)' } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    RaDatagrid: {
      styleOverrides: {
        root: {
          '& .RaDatagrid-headerCell': { fontWeight: 600, backgroundColor: '#fafafa', whiteSpace: 'nowrap' },
        },
      },
    },
    // Filters wrap tidily: the filter form keeps the toolbar's width (inputs of one size, aligned
    // on their bottom edge, one gap); the list's actions move to a row of their own below it
    // when the two no longer fit side by side (992 px with the sidebar open, phones).
    RaListToolbar: {
      styleOverrides: {
        root: {
          flexWrap: 'wrap',
          columnGap: 8,
          '& .RaFilterForm-root': { flex: '1 1 560px', minWidth: 0, alignItems: 'flex-end', columnGap: 12, rowGap: 4 },
          '& .RaFilterForm-filterFormInput': { margin: 0 },
          '& .RaFilterForm-filterFormInput .MuiFormControl-root': { width: 180, minWidth: 180, maxWidth: '100%' },
          '& .RaTopToolbar-root': { marginLeft: 'auto', flexWrap: 'wrap' },
          // A phone: two filters a row, each half the width.
          '@media (max-width: 599.95px)': {
            '& .RaFilterForm-filterFormInput': { width: 'calc(50% - 6px)' },
            '& .RaFilterForm-filterFormInput .MuiFormControl-root': { width: '100%', minWidth: 0 },
          },
        },
      },
    },
    // Wide grids scroll inside their card instead of widening the page.
    RaList: {
      styleOverrides: {
        root: {
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto' },
        },
      },
    },
  },
};
