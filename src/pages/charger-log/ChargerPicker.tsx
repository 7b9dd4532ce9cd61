/**
 * A charger chosen by its serial number (`GET /sp/charger-log/chargers?q=`: chargers in the
 * caller's scope whose SN contains what is typed, 20 at most). Typing a full SN that is not offered
 * is allowed in the charger log (`freeSolo`), since the log keeps frames of removed chargers.
 */
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Autocomplete, TextField } from '@mui/material';
import type { ChargerChoice } from '../../../domain/entities/charger-log';
import { useApi } from '../../hooks/useApi';

export function ChargerPicker({
  value,
  onChange,
  freeSolo = false,
  required = false,
  error,
  testId = 'charger-picker',
  width = 240,
}: {
  value: string;
  onChange: (serialNum: string) => void;
  freeSolo?: boolean;
  required?: boolean;
  error?: string;
  testId?: string;
  width?: number | string;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState(value);
  const [q, setQ] = useState('');
  useEffect(() => setInput(value), [value]);
  useEffect(() => {
    const t = setTimeout(() => setQ(input.trim()), 300);
    return () => clearTimeout(t);
  }, [input]);
  const { data, isFetching } = useApi<ChargerChoice[]>('charger-log/chargers', q ? { q } : {}, { staleTime: 10_000 });
  const options = (data ?? []).map((c) => c.serialNum);
  return (
    <Autocomplete<string, false, false, boolean>
      freeSolo={freeSolo}
      options={options}
      value={value || null}
      filterOptions={(x) => x}
      loading={isFetching}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        setInput(v);
        if (freeSolo && reason === 'clear') onChange('');
      }}
      onChange={(_e, v) => onChange(typeof v === 'string' ? v.trim() : '')}
      onBlur={() => {
        if (freeSolo && input.trim() !== value) onChange(input.trim());
      }}
      noOptionsText={translate('app.charger_log.no_chargers')}
      loadingText={translate('ra.page.loading')}
      sx={{ width }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          required={required}
          label={translate('app.charger_log.fields.serialNum')}
          error={!!error}
          helperText={error}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
}
