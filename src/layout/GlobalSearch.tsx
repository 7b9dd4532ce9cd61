/**
 * Global search (spec §2): a type (Charger SN, Gateway SN, Station Name) and a term; Enter opens
 * `#/Search/Search?ChargerSN=<type>&Search=<term>` in a new tab.
 */
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, InputBase, MenuItem, Select } from '@mui/material';
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

export function GlobalSearch() {
  const translate = useTranslate();
  const [type, setType] = useState<string>('ChargerSN');
  const [term, setTerm] = useState('');
  const go = () => {
    if (!term.trim()) return;
    window.open(searchUrl(type, term), '_blank', 'noopener');
  };
  return (
    <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', border: '1px solid #dcdfe6', borderRadius: 1, height: 34, bgcolor: '#fff' }} data-testid="global-search">
      <Select
        variant="standard"
        disableUnderline
        value={type}
        onChange={(e) => setType(e.target.value)}
        sx={{ fontSize: 13, pl: 1, minWidth: 110, '& .MuiSelect-select': { py: 0.5 } }}
        inputProps={{ 'aria-label': translate('app.nav.search_type'), 'data-testid': 'global-search-type' }}
      >
        {SEARCH_TYPES.map((t) => <MenuItem key={t.value} value={t.value}>{translate(t.label)}</MenuItem>)}
      </Select>
      <InputBase
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && go()}
        placeholder={translate('app.nav.search_placeholder')}
        sx={{ fontSize: 13, px: 1, width: 160, borderLeft: '1px solid #ebeef5' }}
        inputProps={{ 'data-testid': 'global-search-input' }}
      />
      <SearchIcon fontSize="small" sx={{ mx: 1, color: 'text.secondary', cursor: 'pointer' }} onClick={go} />
    </Box>
  );
}
