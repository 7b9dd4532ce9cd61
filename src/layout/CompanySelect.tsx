/**
 * The operator-company dropdown (requirements §2, only on the Dashboard): options from
 * `GET /sp/company/select` (`[{ companyCode, companyName }]`); the choice is the `companyCode`
 * query parameter of the page, which scopes the dashboard.
 */
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { MenuItem, TextField } from '@mui/material';
import { useCompanies } from '../hooks/useCompanies';

export function CompanySelect() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const options = useCompanies();
  if (options.length <= 1 && !params.get('companyCode')) return null;
  const value = params.get('companyCode') ?? '';
  return (
    <TextField
      select
      size="small"
      value={value}
      label={translate('app.nav.company')}
      onChange={(e) => {
        const next = new URLSearchParams(params);
        if (e.target.value) next.set('companyCode', e.target.value);
        else next.delete('companyCode');
        setParams(next);
      }}
      variant="outlined"
      margin="none"
      sx={{ width: { xs: 130, sm: 200 }, flexShrink: 0, '& .MuiInputBase-root': { height: 36, fontSize: 14 } }}
      slotProps={{ htmlInput: { 'data-testid': 'company-select' }, inputLabel: { shrink: true }, select: { displayEmpty: true } }}
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
