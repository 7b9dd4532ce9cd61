/**
 * A day typed or picked as `YYYY-MM-DD`, the format the console shows dates in everywhere
 * (requirements §9). The browser's own `<input type="date">` shows the day in the browser's locale
 * (mm/dd/yyyy in an English Chromium whatever the console's language), so the field is text with
 * a calendar button that opens the native picker of a hidden date input.
 *
 * `DayField` is the plain MUI field (value and onChange in `YYYY-MM-DD`, '' when empty);
 * `DayInput` is the react-admin input (forms and list filters) with the usual `parse`, `format`
 * and `validate`. A half-typed or impossible day (2026-02-30) is not passed on.
 */
import { useEffect, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a complete, existing day written `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  return DAY.test(text) && dayjs(text, 'YYYY-MM-DD', true).isValid();
}

export type DayFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (day: string) => void;
  /** Latest day the picker offers, `YYYY-MM-DD`. */
  max?: string;
  /** Attributes of the text input (e.g. `data-testid`). */
  inputAttributes?: Record<string, unknown>;
};

export function DayField({ value, onChange, max, inputAttributes, slotProps, ...rest }: DayFieldProps) {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => setText(value), [value]);
  const edit = (next: string) => {
    setText(next);
    if (next === '' || isDay(next)) onChange(next);
  };
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  };
  return (
    <TextField
      {...rest}
      type="text"
      value={text}
      onChange={(e) => edit(e.target.value.trim())}
      placeholder="YYYY-MM-DD"
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off', ...inputAttributes },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton size="small" edge="end" aria-label={translate('app.time.pickDay')} onClick={openPicker} tabIndex={-1}>
                <CalendarMonthOutlined fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={isDay(text) ? text : ''}
                max={max}
                onChange={(e) => edit(e.target.value)}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0, padding: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** `YYYY-MM-DD` of a stored value (an ISO time is read in the browser's zone, as DateInput does). */
function toDay(value: unknown): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && DAY.test(value)) return value;
  const d = dayjs(value as string | Date);
  return d.isValid() ? d.format('YYYY-MM-DD') : '';
}

export type DayInputProps = InputProps & {
  max?: string;
  inputAttributes?: Record<string, unknown>;
  sx?: TextFieldProps['sx'];
  variant?: TextFieldProps['variant'];
  margin?: TextFieldProps['margin'];
  className?: string;
};

/** react-admin input for a day (`YYYY-MM-DD`), replacing `DateInput` so the day reads the same in both languages. */
export function DayInput({ max, inputAttributes, sx, label, helperText, variant, margin, className, ...props }: DayInputProps) {
  const { field, fieldState, isRequired, id } = useInput({ format: toDay, parse: (v: string) => v || null, ...props });
  const showHelper = helperText !== false || fieldState.invalid;
  return (
    <DayField
      id={id}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : toDay(field.value)}
      onChange={(day) => field.onChange(day)}
      onBlur={field.onBlur}
      max={max}
      inputAttributes={inputAttributes}
      size="small"
      variant={variant}
      margin={margin}
      className={['ra-input', `ra-input-${props.source}`, className].filter(Boolean).join(' ')}
      sx={{ width: 180, ...sx }}
      label={label === false || label === '' ? undefined : <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={showHelper ? <InputHelperText error={fieldState.error?.message} helperText={helperText} /> : undefined}
    />
  );
}
