/**
 * The reset-password dialog of requirements §5 on the accounts list: new password twice (they must match,
 * "Inconsistent passwords"), and Save is enabled only once the user types the account's username
 * as a confirmation → `PUT /sp/company/user/{id}/pwd` with `{ password, confirmPassword }`; the
 * account's sessions end (server).
 */
import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import LockResetIcon from '@mui/icons-material/LockReset';
import { useSpCall } from '../../src/hooks/useApi';
import { canSave, resetProblem, showMismatch, type ResetState } from './validators';

const EMPTY: ResetState = { password: '', confirm: '', typed: '' };

export function ResetPasswordDialog({ open, onClose, id, username }: { open: boolean; onClose: () => void; id: number | string; username: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const call = useSpCall();
  const [s, setS] = useState<ResetState>(EMPTY);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const close = () => {
    setS(EMPTY);
    setError(undefined);
    onClose();
  };
  const mismatch = showMismatch(s);
  const shown = error ?? (mismatch ? 'app.account.inconsistent' : undefined);
  const save = async () => {
    const problem = resetProblem(s, username);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await call('PUT', `company/user/${encodeURIComponent(String(id))}/pwd`, { password: s.password, confirmPassword: s.confirm });
      notify('resources.company/user.reset.saved', { type: 'success' });
      close();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const set = (k: keyof ResetState) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setError(undefined);
    setS((x) => ({ ...x, [k]: e.target.value }));
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth data-testid="reset-password-dialog" onClick={(e) => e.stopPropagation()}>
      <DialogTitle>{translate('resources.company/user.reset.title', { name: username })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            type="password"
            label={translate('resources.company/user.reset.new_password')}
            value={s.password}
            onChange={set('password')}
            autoComplete="new-password"
            slotProps={{ htmlInput: { 'data-testid': 'reset-password' } }}
          />
          <TextField
            type="password"
            label={translate('resources.company/user.reset.confirm_password')}
            value={s.confirm}
            onChange={set('confirm')}
            autoComplete="new-password"
            error={!!shown}
            helperText={shown ? <span data-testid="reset-error">{translate(shown)}</span> : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'reset-confirm' } }}
          />
          <TextField
            label={translate('resources.company/user.reset.type_to_confirm', { word: username })}
            value={s.typed}
            onChange={set('typed')}
            autoComplete="off"
            helperText={s.typed && !canSave(s, username) ? translate('resources.company/user.reset.confirm_mismatch') : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'reset-typed' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid="reset-cancel">
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={save} disabled={saving || !canSave(s, username) || mismatch} data-testid="reset-save">
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The row button opening the dialog for the row's account. */
export function ResetPasswordButton(_props: { label?: string }) {
  const record = useRecordContext<{ id: number; username: string }>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      {/* Icon only: the accounts table keeps its action column narrow; the tooltip names it. */}
      <Tooltip title={translate('resources.company/user.actions.reset_password')}>
        <IconButton
          size="small"
          color="primary"
          aria-label={translate('resources.company/user.actions.reset_password')}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(true);
          }}
          data-testid={`reset-password-${record.id}`}
        >
          <LockResetIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <ResetPasswordDialog open={open} onClose={() => setOpen(false)} id={record.id} username={record.username} />
    </>
  );
}
