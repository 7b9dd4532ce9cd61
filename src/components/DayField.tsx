/**
 * A day typed or picked as `YYYY-MM-DD`, the format the console shows dates in everywhere
 * (requirements §9). The browser's own `<input type="date">` shows the day in the browser's locale
 * (mm/dd/yyyy in an English Chromium whatever the console's language), so the field is text with
 * a calendar button that opens the native picker of a hidden date input.
 *
 * `DayField` is the plain MUI field (value and onChange in `YYYY-MM-DD`, '' when empty);
 * `DayInput` is the react-admin input (forms and list filters) with the usual `parse`, `format`
 * and `validate`. A half-typed or impossible day (2026-02-30) is not passed on.
 *
 * With `withTime`, a time of day may follow the day (`YYYY-MM-DD HH:mm`): a list filter can then
 * narrow to hours, while a plain day still means the whole day (the caller's `parse` decides).
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

const DAY_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** True for a complete, existing day and time of day written `YYYY-MM-DD HH:mm`. */
export function isDayTime(text: string): boolean {
  return DAY_TIME.test(text) && dayjs(text, 'YYYY-MM-DD HH:mm', true).isValid();
}

export type DayFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (day: string) => void;
  /** Latest day the picker offers, `YYYY-MM-DD`. */
  max?: string;
  /** Attributes of the text input (e.g. `data-testid`). */
  inputAttributes?: Record<string, unknown>;
  /** Also take a time of day after the day (`YYYY-MM-DD HH:mm`). */
  withTime?: boolean;
};

export function DayField({ value, onChange, max, inputAttributes, slotProps, withTime = false, ...rest }: DayFieldProps) {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => setText(value), [value]);
  const edit = (next: string) => {
    setText(next);
    if (next === '' || isDay(next) || (withTime && isDayTime(next))) onChange(next);
  };
  /** The picker changes the day and keeps a typed time of day. */
  const pick = (day: string) => edit(withTime && isDayTime(text) && day ? `${day}${text.slice(10)}` : day);
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
      onChange={(e) => edit(e.target.value.trim().replace(/\s+/, ' '))}
      placeholder={withTime ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD'}
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true },
        htmlInput: { inputMode: withTime ? 'text' : 'numeric', maxLength: withTime ? 16 : 10, autoComplete: 'off', ...inputAttributes },
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
                value={isDay(text.slice(0, 10)) ? text.slice(0, 10) : ''}
                max={max}
                onChange={(e) => pick(e.target.value)}
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

/**
 * `YYYY-MM-DD HH:mm` of a stored instant, or `YYYY-MM-DD` when it is the start or the end of its
 * day (a whole-day filter reads back as the day it was typed as).
 */
export function toDayTime(value: unknown): string {
  if (value == null || value === '') return '';
  if (typeof value === 'string' && (DAY.test(value) || DAY_TIME.test(value))) return value;
  const d = dayjs(value as string | Date);
  if (!d.isValid()) return '';
  const wholeDay = d.isSame(d.startOf('day')) || d.isSame(d.endOf('day')) || d.isSame(d.endOf('day').startOf('second'));
  return d.format(wholeDay ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm');
}

export type DayInputProps = InputProps & {
  max?: string;
  /** Also take a time of day (`YYYY-MM-DD HH:mm`); see {@link DayField}. */
  withTime?: boolean;
  inputAttributes?: Record<string, unknown>;
  sx?: TextFieldProps['sx'];
  variant?: TextFieldProps['variant'];
  margin?: TextFieldProps['margin'];
  className?: string;
};

/** react-admin input for a day (`YYYY-MM-DD`), replacing `DateInput` so the day reads the same in both languages. */
export function DayInput({ max, inputAttributes, sx, label, helperText, variant, margin, className, withTime = false, ...props }: DayInputProps) {
  const format = withTime ? toDayTime : toDay;
  const { field, fieldState, isRequired, id } = useInput({ format, parse: (v: string) => v || null, ...props });
  const showHelper = helperText !== false || fieldState.invalid;
  return (
    <DayField
      id={id}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : format(field.value)}
      onChange={(day) => field.onChange(day)}
      onBlur={field.onBlur}
      max={max}
      withTime={withTime}
      inputAttributes={inputAttributes}
      size="small"
      variant={variant}
      margin={margin}
      className={['ra-input', `ra-input-${props.source}`, className].filter(Boolean).join(' ')}
      sx={{ width: withTime ? 200 : 180, ...sx }}
      label={label === false || label === '' ? undefined : <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />}
      error={fieldState.invalid}
      helperText={showHelper ? <InputHelperText error={fieldState.error?.message} helperText={helperText} /> : undefined}
    />
  );
}
