/**
 * A dialog that asks for one required text and submits it: an event's handle method (617) and a
 * report ticket's reply (623). The text is checked with the field's schema from the domain; when it
 * fails, the catalogue message of `emptyCode` shows under the field in the user's language and
 * nothing is sent. While `onSubmit` runs the confirm button is disabled; once it resolves the text is
 * cleared. Notices and closing after the action belong to the caller's `onSubmit`.
 */
import { useState, type ReactElement, type ReactNode } from 'react';
import { useLocaleState } from 'react-admin';
import { DialogButton } from './DialogButton';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { z } from 'zod';
import { catalogueMessage, type ErrorCode } from '../../domain/errors';

/** The `data-testid`s of the dialog, its text field and its confirm button. */
export interface RequiredTextDialogTestIds {
  dialog: string;
  input: string;
  submit: string;
}

export interface RequiredTextDialogProps {
  open: boolean;
  /** The title, already translated. */
  title: ReactNode;
  /** The field's label, already translated. */
  label: string;
  /** The hint under the field while there is no error, already translated. */
  helperText: ReactNode;
  /** The field's schema (trimmed, required, at most `maxLength`); its output is what is submitted. */
  schema: z.ZodType<string>;
  /** The catalogue code whose message shows when the text does not pass `schema`. */
  emptyCode: ErrorCode;
  maxLength: number;
  minRows: number;
  /** The i18n key of the confirm button's label. */
  submitLabel: string;
  /** An icon in the confirm button. */
  submitIcon?: ReactElement;
  testIds: RequiredTextDialogTestIds;
  onClose: () => void;
  /** Sends the parsed text; the dialog clears the field once it resolves. */
  onSubmit: (text: string) => Promise<void>;
}

/** A dialog asking for one required text (see the file's comment). */
export function RequiredTextDialog({
  open,
  title,
  label,
  helperText,
  schema,
  emptyCode,
  maxLength,
  minRows,
  submitLabel,
  submitIcon,
  testIds,
  onClose,
  onSubmit,
}: RequiredTextDialogProps) {
  const [locale] = useLocaleState();
  const lang = locale === 'zh' ? 'zh' : 'en';
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      setError(catalogueMessage(emptyCode, lang));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      setValue('');
      setError(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid={testIds.dialog}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={minRows}
          margin="dense"
          required
          label={label}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
          error={!!error}
          helperText={error ?? helperText}
          slotProps={{ htmlInput: { maxLength, 'data-testid': testIds.input } }}
        />
      </DialogContent>
      <DialogActions>
        <DialogButton label="ra.action.cancel" onClick={onClose} />
        <DialogButton
          label={submitLabel}
          variant="contained"
          onClick={() => void submit()}
          disabled={busy}
          data-testid={testIds.submit}
          startIcon={submitIcon}
        />
      </DialogActions>
    </Dialog>
  );
}
