/**
 * Notification preference (requirements §2 menu, §3 "Notification settings: switch, method, notified
 * person emails, event list, ignore heartbeat"), kept with the user's account:
 * `GET|PUT /sp/user/notification-preference` (domain/entities/notification-preference.ts). An
 * invalid address is named before saving; a refusal from the server is shown as its message.
 * Only the categories the server offers to the account (by its menus: events, report tickets) are
 * shown; with none offered, the list gives way to a note.
 */
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  MAIL_LANGUAGES,
  NOTIFY_EVENTS,
  NOTIFY_METHODS,
  notificationPreferenceInput,
  type MailStatus,
  type NotificationPref,
  type NotificationPrefAnswer,
} from '../../../domain/entities/notification-preference';
import { ErrorState } from '../../components/common';
import { useApi, useSpCall } from '../../hooks/useApi';

const PATH = 'user/notification-preference';

/** One address, checked by the server's own rule. */
const emailRule = notificationPreferenceInput.shape.emails.element;

/** Splits the e-mail box into addresses; answers the first invalid one, if any. */
export function parseEmails(text: string): { emails: string[]; invalid?: string } {
  const emails = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const invalid = emails.find((e) => !emailRule.safeParse(e).success);
  return { emails, invalid };
}

export function NotificationPreference() {
  const translate = useTranslate();
  const notify = useNotify();
  const call = useSpCall();
  const queryClient = useQueryClient();
  const { data, isPending, error, refetch } = useApi<NotificationPrefAnswer>(PATH);
  const { data: mail } = useApi<MailStatus>('mail/status');
  const [pref, setPref] = useState<NotificationPrefAnswer | null>(null);
  const [emailText, setEmailText] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const P = 'app.notification_pref';

  useEffect(() => {
    if (data) {
      setPref(data);
      setEmailText(data.emails.join('\n'));
    }
  }, [data]);

  if (error) return <ErrorState error={error} onRetry={() => void refetch()} />;
  if (isPending || !pref)
    return (
      <Box sx={{ p: 2 }}>
        <CircularProgress size={24} />
      </Box>
    );

  const save = async () => {
    const { emails, invalid } = parseEmails(emailText);
    if (invalid) {
      setEmailError(translate(`${P}.bad_email`, { email: invalid }));
      return;
    }
    setSaving(true);
    try {
      const { offered: _offered, ...chosen } = pref;
      const saved = await call<NotificationPrefAnswer>('PUT', PATH, { ...chosen, emails });
      queryClient.setQueryData(['sp', PATH, {}], saved);
      setPref(saved);
      notify(`${P}.saved`, { type: 'success' });
    } catch (err) {
      notify((err as Error).message, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };
  const offered = NOTIFY_EVENTS.filter((e) => pref.offered.includes(e));
  const update = (patch: Partial<NotificationPref>) => setPref((p) => (p ? { ...p, ...patch } : p));
  const toggleEvent = (e: NotificationPref['events'][number]) =>
    update({ events: pref.events.includes(e) ? pref.events.filter((x) => x !== e) : [...pref.events, e] });
  return (
    <Stack spacing={2} data-testid="notification-preference">
      <Typography variant="h6">{translate(`${P}.title`)}</Typography>
      <Alert severity="info">{translate(`${P}.help`)}</Alert>
      {mail && !mail.enabled && (
        <Alert severity="warning" data-testid="mail-off">
          {translate(`${P}.mail_off`, { queued: mail.queued })}
        </Alert>
      )}
      {mail && mail.failed > 0 && <Alert severity="error">{translate(`${P}.mail_failed`, { failed: mail.failed })}</Alert>}
      <FormControlLabel
        control={<Switch checked={pref.enabled} onChange={(e) => update({ enabled: e.target.checked })} data-testid="pref-enabled" />}
        label={translate(`${P}.enabled`)}
      />
      <TextField
        select
        size="small"
        label={translate(`${P}.method`)}
        value={pref.method}
        disabled={!pref.enabled}
        onChange={(e) => update({ method: e.target.value as NotificationPref['method'] })}
        sx={{ maxWidth: 320 }}
        data-testid="pref-method"
      >
        {NOTIFY_METHODS.map((m) => (
          <MenuItem key={m} value={m}>
            {translate(`${P}.methods.${m}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        multiline
        minRows={2}
        size="small"
        label={translate(`${P}.emails`)}
        value={emailText}
        disabled={!pref.enabled || pref.method === 'IN_APP'}
        onChange={(e) => {
          setEmailError(undefined);
          setEmailText(e.target.value);
        }}
        error={!!emailError}
        helperText={emailError ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': 'pref-emails' } }}
      />
      <TextField
        select
        size="small"
        label={translate(`${P}.language`)}
        value={pref.language}
        disabled={!pref.enabled || pref.method === 'IN_APP'}
        onChange={(e) => update({ language: e.target.value as NotificationPref['language'] })}
        sx={{ maxWidth: 320 }}
        data-testid="pref-language"
      >
        {MAIL_LANGUAGES.map((l) => (
          <MenuItem key={l} value={l}>
            {translate(`app.language.${l}`)}
          </MenuItem>
        ))}
      </TextField>
      {offered.length > 0 ? (
        <FormControl disabled={!pref.enabled}>
          <FormLabel>{translate(`${P}.events`)}</FormLabel>
          <FormGroup row data-testid="pref-events">
            {offered.map((e) => (
              <FormControlLabel
                key={e}
                control={<Checkbox size="small" checked={pref.events.includes(e)} onChange={() => toggleEvent(e)} data-testid={`pref-event-${e}`} />}
                label={translate(`${P}.event_types.${e}`)}
              />
            ))}
          </FormGroup>
        </FormControl>
      ) : (
        <Alert severity="info" data-testid="pref-none-offered">
          {translate(`${P}.none_offered`)}
        </Alert>
      )}
      {offered.includes('OFFLINE') && (
        <FormControlLabel
          disabled={!pref.enabled}
          control={<Switch checked={pref.ignoreHeartbeat} onChange={(e) => update({ ignoreHeartbeat: e.target.checked })} />}
          label={translate(`${P}.ignore_heartbeat`)}
        />
      )}
      <Box>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="pref-save">
          {translate('ra.action.save')}
        </Button>
      </Box>
    </Stack>
  );
}
