/**
 * Global search (requirements §2, kept in the navbar): a type (Charger SN, Gateway SN, Station Name) and a
 * term; Enter opens `#/Search/Search?ChargerSN=<type>&Search=<term>` in a new tab. From 900 px the
 * form sits in the navbar (narrower below 1200 px so the breadcrumb stays readable); on a phone
 * or a narrow window a search button opens it in a dialog.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, InputBase, MenuItem, Select } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';

export const SEARCH_TYPES = [
  { value: 'ChargerSN', label: 'app.nav.search_types.charger' },
  { value: 'GatewaySN', label: 'app.nav.search_types.gateway' },
  { value: 'StationName', label: 'app.nav.search_types.station' },
] as const;

/** The hash URL of the search page for a type and term. */
export function searchUrl(type: string, term: string): string {
  return `#/Search/Search?${new URLSearchParams({ ChargerSN: type, Search: term.trim() }).toString()}`;
}

/** The type select and the term input; `onGo` after a search was opened. */
function SearchForm({ wide, autoFocus, onGo }: { wide?: boolean; autoFocus?: boolean; onGo?: () => void }) {
  const translate = useTranslate();
  const [type, setType] = useState<string>('ChargerSN');
  const [term, setTerm] = useState('');
  const go = () => {
    if (!term.trim()) return;
    window.open(searchUrl(type, term), '_blank', 'noopener');
    onGo?.();
  };
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        border: '1px solid #dcdfe6',
        borderRadius: 1,
        height: 34,
        bgcolor: '#fff',
        width: wide ? '100%' : undefined,
      }}
      data-testid="global-search"
    >
      <Select
        variant="standard"
        disableUnderline
        value={type}
        onChange={(e) => setType(e.target.value)}
        sx={{ fontSize: 13, pl: 1, minWidth: { xs: 96, lg: 110 }, flexShrink: 0, '& .MuiSelect-select': { py: 0.5 } }}
        inputProps={{ 'aria-label': translate('app.nav.search_type'), 'data-testid': 'global-search-type' }}
      >
        {SEARCH_TYPES.map((t) => (
          <MenuItem key={t.value} value={t.value}>
            {translate(t.label)}
          </MenuItem>
        ))}
      </Select>
      <InputBase
        value={term}
        autoFocus={autoFocus}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && go()}
        placeholder={translate('app.nav.search_placeholder')}
        sx={{ fontSize: 13, px: 1, width: wide ? 'auto' : { md: 110, lg: 160 }, flex: wide ? 1 : undefined, borderLeft: '1px solid #ebeef5' }}
        inputProps={{ 'data-testid': 'global-search-input', enterKeyHint: 'search' }}
      />
      <SearchIcon fontSize="small" sx={{ mx: 1, color: 'text.secondary', cursor: 'pointer' }} onClick={go} data-testid="global-search-go" />
    </Box>
  );
}

export function GlobalSearch() {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Box sx={{ display: { xs: 'none', md: 'flex' }, flexShrink: 0 }}>
        <SearchForm />
      </Box>
      <IconButton
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        onClick={() => setOpen(true)}
        aria-label={translate('app.nav.search')}
        data-testid="global-search-open"
      >
        <SearchIcon />
      </IconButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="xs"
        sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
        data-testid="global-search-dialog"
      >
        <DialogTitle sx={{ pb: 1 }}>{translate('app.nav.search')}</DialogTitle>
        <DialogContent>{open && <SearchForm wide autoFocus onGo={() => setOpen(false)} />}</DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
