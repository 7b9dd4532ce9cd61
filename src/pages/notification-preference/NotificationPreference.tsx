/**
 * Notification preference (spec §2 menu, §3 "Notification settings: switch, method, notified
 * person emails, event list, ignore heartbeat"). The server has no API for it yet, so the
 * choices are kept per user in this browser's localStorage (`notificationPreference:<userId>`);
 * the page says so in its help text.
 */
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Alert, Box, Button, Checkbox, FormControl, FormControlLabel, FormGroup, FormLabel, MenuItem, Stack, Switch, TextField, Typography,
} from '@mui/material';
import { sessionOf } from '../../../authProvider/session';

export const NOTIFY_METHODS = ['IN_APP', 'EMAIL', 'BOTH'] as const;
export const NOTIFY_EVENTS = ['OFFLINE', 'FAULT', 'RECOVERED', 'REPORT_TICKET', 'ORDER_ABNORMAL'] as const;

/** The stored preference. */
export interface NotificationPref {
  enabled: boolean;
  method: (typeof NOTIFY_METHODS)[number];
  emails: string[];
  events: string[];
  ignoreHeartbeat: boolean;
}

export const DEFAULT_PREF: NotificationPref = { enabled: true, method: 'IN_APP', emails: [], events: [...NOTIFY_EVENTS], ignoreHeartbeat: true };

const keyOf = (userId: number | string) => `notificationPreference:${userId}`;

/** Reads the user's preference (defaults when absent or unreadable). */
export function loadPref(storage: Pick<Storage, 'getItem'>, userId: number | string): NotificationPref {
  try {
    const raw = storage.getItem(keyOf(userId));
    return raw ? { ...DEFAULT_PREF, ...(JSON.parse(raw) as Partial<NotificationPref>) } : DEFAULT_PREF;
  } catch {
    return DEFAULT_PREF;
  }
}

/** Splits the e-mail box into addresses; answers the first invalid one, if any. */
export function parseEmails(text: string): { emails: string[]; invalid?: string } {
  const emails = text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);
  const invalid = emails.find((e) => !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(e));
  return { emails, invalid };
}

export function NotificationPreference() {
  const translate = useTranslate();
  const notify = useNotify();
  const userId = sessionOf(localStorage).user()?.id ?? 'anonymous';
  const [pref, setPref] = useState<NotificationPref>(() => loadPref(localStorage, userId));
  const [emailText, setEmailText] = useState(pref.emails.join('\n'));
  const [emailError, setEmailError] = useState<string | undefined>();
  const P = 'app.notification_pref';
  const save = () => {
    const { emails, invalid } = parseEmails(emailText);
    if (invalid) {
      setEmailError(translate(`${P}.bad_email`, { email: invalid }));
      return;
    }
    const next = { ...pref, emails };
    localStorage.setItem(keyOf(userId), JSON.stringify(next));
    setPref(next);
    notify(`${P}.saved`, { type: 'success' });
  };
  const toggleEvent = (e: string) => setPref((p) => ({ ...p, events: p.events.includes(e) ? p.events.filter((x) => x !== e) : [...p.events, e] }));
  return (
    <Stack spacing={2} data-testid="notification-preference">
      <Typography variant="h6">{translate(`${P}.title`)}</Typography>
      <Alert severity="info">{translate(`${P}.help`)}</Alert>
      <FormControlLabel control={<Switch checked={pref.enabled} onChange={(e) => setPref((p) => ({ ...p, enabled: e.target.checked }))} data-testid="pref-enabled" />} label={translate(`${P}.enabled`)} />
      <TextField select size="small" label={translate(`${P}.method`)} value={pref.method} disabled={!pref.enabled} onChange={(e) => setPref((p) => ({ ...p, method: e.target.value as NotificationPref['method'] }))} sx={{ maxWidth: 320 }} data-testid="pref-method">
        {NOTIFY_METHODS.map((m) => <MenuItem key={m} value={m}>{translate(`${P}.methods.${m}`)}</MenuItem>)}
      </TextField>
      <TextField
        multiline minRows={2} size="small" label={translate(`${P}.emails`)} value={emailText} disabled={!pref.enabled || pref.method === 'IN_APP'}
        onChange={(e) => { setEmailError(undefined); setEmailText(e.target.value); }} error={!!emailError} helperText={emailError ?? ' '}
        slotProps={{ htmlInput: { 'data-testid': 'pref-emails' } }}
      />
      <FormControl disabled={!pref.enabled}>
        <FormLabel>{translate(`${P}.events`)}</FormLabel>
        <FormGroup row>
          {NOTIFY_EVENTS.map((e) => (
            <FormControlLabel key={e} control={<Checkbox size="small" checked={pref.events.includes(e)} onChange={() => toggleEvent(e)} />} label={translate(`${P}.event_types.${e}`)} />
          ))}
        </FormGroup>
      </FormControl>
      <FormControlLabel disabled={!pref.enabled} control={<Switch checked={pref.ignoreHeartbeat} onChange={(e) => setPref((p) => ({ ...p, ignoreHeartbeat: e.target.checked }))} />} label={translate(`${P}.ignore_heartbeat`)} />
      <Box><Button variant="contained" onClick={save} data-testid="pref-save">{translate('ra.action.save')}</Button></Box>
    </Stack>
  );
}
