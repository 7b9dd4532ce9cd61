/**
 * The range picker of Statistics and Station Insights: preset buttons (today, 7 days, 30 days, this
 * year) and two day inputs for a custom range, checked with the rules of requirements §5 (the error is shown
 * under the inputs and the range is not applied until it is valid).
 */
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DayField } from '../../components/DayField';
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
        onChange={(_e, p: Preset | null) => {
          if (p) onChange(presetRange(p));
        }}
        sx={{ height: 40 }}
      >
        {PRESETS.map((p) => (
          <ToggleButton key={p} value={p} data-testid={`range-preset-${p}`} sx={{ px: 1.5, textTransform: 'none' }}>
            {translate(`app.range.presets.${p}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <DayField
        size="small"
        sx={{ width: 170 }}
        label={translate('app.range.from')}
        value={draft.from}
        onChange={(from) => edit({ from })}
        error={!!error}
        max={today}
        inputAttributes={{ 'data-testid': 'range-from' }}
      />
      <DayField
        size="small"
        sx={{ width: 170 }}
        label={translate('app.range.to')}
        value={draft.to}
        onChange={(to) => edit({ to })}
        error={!!error}
        helperText={error ? translate(error) : undefined}
        max={today}
        inputAttributes={{ 'data-testid': 'range-to' }}
        slotProps={{ formHelperText: { ...{ 'data-testid': 'range-error' } } as object }}
      />
    </Stack>
  );
}
