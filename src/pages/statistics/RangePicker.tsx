/**
 * The range picker of Statistics and Station Insights: preset buttons (today, 7 days, 30 days, this
 * year) and two day inputs for a custom range, checked with the rules of requirements §5 (the error is shown
 * under the inputs and the range is not applied until it is valid).
 */
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import dayjs from 'dayjs';
import { PRESETS, presetOf, presetRange, rangeError, type DayRange, type Preset } from './ranges';

export function RangePicker({ value, onChange }: { value: DayRange; onChange: (range: DayRange) => void }) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<DayRange>(value);
  useEffect(() => setDraft(value), [value]);
  const error = rangeError(draft);
  const preset = presetOf(value);
  const today = dayjs().format('YYYY-MM-DD');
  const edit = (patch: Partial<DayRange>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (!rangeError(next)) onChange(next);
  };
  return (
    <Stack direction="row" spacing={1.5} alignItems="flex-start" flexWrap="wrap" useFlexGap data-testid="range-picker">
      <ToggleButtonGroup
        size="small"
        exclusive
        color="primary"
        value={preset}
        onChange={(_e, p: Preset | null) => { if (p) onChange(presetRange(p)); }}
        sx={{ height: 40 }}
      >
        {PRESETS.map((p) => (
          <ToggleButton key={p} value={p} data-testid={`range-preset-${p}`} sx={{ px: 1.5, textTransform: 'none' }}>
            {translate(`app.range.presets.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <TextField
        type="date"
        size="small"
        fullWidth={false}
        sx={{ width: 170 }}
        label={translate('app.range.from')}
        value={draft.from}
        onChange={(e) => edit({ from: e.target.value })}
        error={!!error}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, 'data-testid': 'range-from' } }}
      />
      <TextField
        type="date"
        size="small"
        fullWidth={false}
        sx={{ width: 170 }}
        label={translate('app.range.to')}
        value={draft.to}
        onChange={(e) => edit({ to: e.target.value })}
        error={!!error}
        helperText={error ? translate(error) : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, 'data-testid': 'range-to' }, formHelperText: { ...{ 'data-testid': 'range-error' } } as object }}
      />
    </Stack>
  );
}
