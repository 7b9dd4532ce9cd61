/**
 * Filters shared by Statistics and Station Insights: the day range kept in the URL (`from`, `to`;
 * the last 30 days when absent or invalid) and the operator choice (`companyCode`), shown only to
 * users who see more than one operator.
 */
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { MenuItem, TextField } from '@mui/material';
import { useCompanies } from '../../hooks/useCompanies';
import { presetRange, rangeError, type DayRange } from './ranges';

/** The range in the URL (`from`, `to`), else the last 30 days. */
export function useRangeParam(): [DayRange, (r: DayRange) => void, URLSearchParams, (p: URLSearchParams) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const range = rangeError(fromUrl) ? presetRange('30d') : fromUrl;
  const setRange = (r: DayRange) => {
    const next = new URLSearchParams(params);
    next.set('from', r.from);
    next.set('to', r.to);
    setParams(next, { replace: true });
  };
  return [range, setRange, params, (p) => setParams(p, { replace: true })];
}

/** The operator choice, shown only to users who see more than one operator. */
export function CompanyChoice({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const translate = useTranslate();
  const options = useCompanies();
  if (options.length <= 1 && !value) return null;
  return (
    <TextField
      select
      size="small"
      label={translate('app.nav.company')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth={false}
      sx={{ width: 220 }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true }, htmlInput: { 'data-testid': 'company-filter' } }}
    >
      <MenuItem value="">{translate('app.nav.all_companies')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.companyCode} value={o.companyCode}>
          {o.companyName}
        </MenuItem>
      ))}
    </TextField>
  );
}
