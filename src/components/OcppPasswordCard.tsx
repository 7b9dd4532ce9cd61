/**
 * The OCPP password of a device that connects with its own identity — a charger or a gateway
 * (requirements §9, security profile 1: HTTP Basic with the SN as user name; profile 2 over TLS).
 * `POST /sp/<resource>/{id}/ocpp-password` answers `{ username, password }` once: the dialog shows
 * both with a copy button and the password is never shown again. `DELETE …/ocpp-password` clears
 * it. Both actions sit behind a confirmation; failures are notified with the catalogue message.
 * Texts: `resources.<resource>.ocpp_password.*`, `.confirm.{generate,remove}[_title]`,
 * `.notifications.password_removed`.
 *
 * A connected charger (`rotate`, requirements R10.25) is sent its new password over OCPP instead:
 * `POST /sp/charger/{id}/ocpp-password/rotate` (ChangeConfiguration AuthorizationKey). The
 * confirmation says so (`confirm.rotate[_title]`); on Accepted a dialog says until when the old
 * password still opens a socket (the key itself went only to the charger and is not shown); a
 * refusal, no answer or a lost connection (770 / 771 / 772) is notified with its catalogue
 * message, which says that the old password stays. An offline charger gets a password set by
 * hand, as before, and the confirmation explains why (`confirm.generate_offline`).
 */
import { useState } from 'react';
import { Button, Confirm, useNotify, useTranslate } from 'react-admin';
import { DialogButton } from './DialogButton';
import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField as MuiTextField,
  Tooltip,
  Typography,
} from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import { useSpCall } from '../hooks/useApi';
import { formatDateTime } from '../utils/date';
import type { OcppKeyRotationAnswer } from '../../domain/entities/charger';

/** The user name and the plain password answered once by `POST …/ocpp-password`. */
export interface OcppCredentials {
  username: string;
  password: string;
}

/** A device resource with OCPP password routes. */
export type OcppPasswordResource = 'charger' | 'gateway';

/** The once-only password dialog with a copy button (texts of `resources.<resource>.ocpp_password`). */
export function PasswordDialog({
  resource,
  credentials,
  onClose,
}: {
  resource: OcppPasswordResource;
  credentials: OcppCredentials | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const t = (k: string) => translate(`resources.${resource}.ocpp_password.${k}`);
  const copy = async () => {
    if (!credentials) return;
    try {
      await navigator.clipboard.writeText(credentials.password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const close = () => {
    setCopied(false);
    onClose();
  };
  return (
    <Dialog open={Boolean(credentials)} onClose={close} data-testid="ocpp-password-dialog">
      <DialogTitle>{t('dialog_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('once')}
        </Alert>
        <MuiTextField
          label={t('username')}
          value={credentials?.username ?? ''}
          fullWidth
          margin="dense"
          slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } }, htmlInput: { 'data-testid': 'ocpp-password-username' } }}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <MuiTextField
            label={t('password')}
            value={credentials?.password ?? ''}
            fullWidth
            margin="dense"
            slotProps={{ input: { readOnly: true, sx: { fontFamily: 'monospace' } }, htmlInput: { 'data-testid': 'ocpp-password-value' } }}
          />
          <Tooltip title={t(copied ? 'copied' : 'copy')}>
            <IconButton onClick={copy} data-testid="ocpp-password-copy" aria-label={t('copy')}>
              <ContentCopyIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </DialogContent>
      <DialogActions>
        <DialogButton label="ra.action.close" onClick={close} data-testid="ocpp-password-close" />
      </DialogActions>
    </Dialog>
  );
}

/** The outcome of a rotation over OCPP: the charger took the new key; the old one works until `graceUntil`. */
export function RotationDialog({ resource, answer, onClose }: { resource: OcppPasswordResource; answer: OcppKeyRotationAnswer | null; onClose: () => void }) {
  const translate = useTranslate();
  const t = (k: string, o?: object) => translate(`resources.${resource}.ocpp_password.${k}`, o);
  return (
    <Dialog open={Boolean(answer)} onClose={onClose} data-testid="ocpp-rotation-dialog">
      <DialogTitle>{t('rotated_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="success" sx={{ mb: 2 }} data-testid="ocpp-rotation-status" data-status={answer?.status}>
          {t(answer?.status === 'RebootRequired' ? 'rotated_reboot' : 'rotated', { sn: answer?.username ?? '' })}
        </Alert>
        <Typography variant="body2" data-testid="ocpp-rotation-grace">
          {t('rotated_grace', { time: answer ? formatDateTime(answer.graceUntil) : '' })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('rotated_not_shown')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <DialogButton label="ra.action.close" onClick={onClose} data-testid="ocpp-rotation-close" />
      </DialogActions>
    </Dialog>
  );
}

/**
 * The "OCPP password" card of a device's show page: whether a password is set (`hasOcppPassword`,
 * undefined = unknown, e.g. an older server), generate (replaces the current one) and remove.
 * `rotate`: a connected charger, sent its new password over OCPP (see the module); false or
 * undefined sets one by hand. `onChanged` runs after either action (the page re-reads its record).
 */
export function OcppPasswordCard({
  resource,
  id,
  serialNum,
  hasOcppPassword,
  rotate,
  onChanged,
}: {
  resource: OcppPasswordResource;
  id: number;
  serialNum: string;
  hasOcppPassword?: boolean;
  rotate?: boolean;
  onChanged?: () => unknown;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const call = useSpCall();
  const [confirm, setConfirm] = useState<'generate' | 'remove' | null>(null);
  const [busy, setBusy] = useState(false);
  const [credentials, setCredentials] = useState<OcppCredentials | null>(null);
  const [rotated, setRotated] = useState<OcppKeyRotationAnswer | null>(null);
  // The answer of the last action wins over the record until the record is re-read.
  const [known, setKnown] = useState<boolean | undefined>(undefined);
  const passwordSet = known ?? hasOcppPassword;
  const p = `resources.${resource}`;

  const run = async () => {
    const action = confirm;
    setBusy(true);
    try {
      if (action === 'generate' && rotate) {
        setRotated(await call<OcppKeyRotationAnswer>('POST', `${resource}/${id}/ocpp-password/rotate`));
        setKnown(true);
      } else if (action === 'generate') {
        const cred = await call<OcppCredentials>('POST', `${resource}/${id}/ocpp-password`);
        setCredentials(cred);
        setKnown(true);
      } else if (action === 'remove') {
        await call('DELETE', `${resource}/${id}/ocpp-password`);
        setKnown(false);
        notify(`${p}.notifications.password_removed`, { type: 'success' });
      }
      await onChanged?.();
    } catch (e) {
      notify((e as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  // Chargers say which of the two ways a new password takes, and why (connected or not).
  const confirmKey = confirm === 'remove' ? 'remove' : resource !== 'charger' ? 'generate' : rotate ? 'rotate' : 'generate_offline';
  return (
    <Card data-testid="ocpp-password-card">
      <CardHeader title={translate(`${p}.ocpp_password.title`)} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: passwordSet === undefined ? 2 : 1 }}>
          {translate(`${p}.ocpp_password.explain`, { sn: serialNum })}
        </Typography>
        {passwordSet !== undefined && (
          <Typography variant="body2" sx={{ mb: 2, fontWeight: 500 }} data-testid="ocpp-password-state" data-set={passwordSet ? 'true' : 'false'}>
            {translate(`${p}.ocpp_password.${passwordSet ? 'is_set' : 'not_set'}`)}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" label={`${p}.ocpp_password.generate`} onClick={() => setConfirm('generate')} data-testid="ocpp-password-generate">
            <KeyIcon />
          </Button>
          <Button
            variant="outlined"
            color="error"
            label={`${p}.ocpp_password.remove`}
            onClick={() => setConfirm('remove')}
            disabled={passwordSet === false}
            data-testid="ocpp-password-remove"
          >
            <KeyOffIcon />
          </Button>
        </Box>
      </CardContent>
      <Confirm
        isOpen={confirm !== null}
        loading={busy}
        title={`${p}.confirm.${confirmKey}_title`}
        content={`${p}.confirm.${confirmKey}`}
        translateOptions={{ sn: serialNum }}
        onConfirm={run}
        onClose={() => setConfirm(null)}
      />
      <PasswordDialog resource={resource} credentials={credentials} onClose={() => setCredentials(null)} />
      <RotationDialog resource={resource} answer={rotated} onClose={() => setRotated(null)} />
    </Card>
  );
}
