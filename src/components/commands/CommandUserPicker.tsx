/**
 * Who a remote start is for: a card user (`GET /sp/card-user?companyCode=<charger's company>&q=`)
 * or an app user (`GET /sp/app-user?companyCode=…&q=`), searched as the operator types (active
 * users only).
 */
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Autocomplete, CircularProgress, TextField } from '@mui/material';

interface Option {
  id: number;
  label: string;
}

type UserRow = {
  id: number;
  cardNumber?: string;
  lastName?: string;
  firstName?: string;
  nickname?: string | null;
  fullName?: string | null;
  mobile?: string | null;
};

/** The option label of a card user or an app user. */
export function userLabel(kind: 'card' | 'app', r: UserRow): string {
  if (kind === 'card') return `${r.cardNumber ?? ''} · ${`${r.lastName ?? ''} ${r.firstName ?? ''}`.trim()}`;
  return [r.nickname || r.fullName || `#${r.id}`, r.mobile].filter(Boolean).join(' · ');
}

export function CommandUserPicker({
  kind,
  companyCode,
  value,
  onChange,
}: {
  kind: 'card' | 'app';
  companyCode: string;
  value: number | undefined;
  onChange: (id: number | undefined) => void;
}) {
  const translate = useTranslate();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<Option | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setQ(input.trim()), 300);
    return () => clearTimeout(t);
  }, [input]);
  useEffect(() => {
    if (value === undefined) setSelected(null);
  }, [value]);
  const { data, isFetching } = useGetList<UserRow & { id: number }>(
    kind === 'card' ? 'card-user' : 'app-user',
    { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'DESC' }, filter: { companyCode, active: 'true', ...(q ? { q } : {}) } },
    { retry: false, staleTime: 10_000 },
  );
  const options: Option[] = (data ?? []).map((r) => ({ id: r.id, label: userLabel(kind, r) }));
  return (
    <Autocomplete<Option>
      options={options}
      value={selected}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      onChange={(_e, o) => {
        setSelected(o);
        onChange(o?.id);
      }}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'reset') setInput(v);
      }}
      loading={isFetching}
      noOptionsText={translate('app.commands.no_users')}
      loadingText={translate('ra.page.loading')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(kind === 'card' ? 'app.commands.card_user' : 'app.commands.app_user')}
          placeholder={translate('app.commands.search_user')}
          inputProps={{ ...params.inputProps, 'data-testid': 'command-user' }}
          InputProps={{
            ...params.InputProps,
            endAdornment: (
              <>
                {isFetching ? <CircularProgress size={16} /> : null}
                {params.InputProps.endAdornment}
              </>
            ),
          }}
        />
      )}
    />
  );
}
