/**
 * An enable/disable (activate/deactivate) button with a confirmation dialog, shared by the
 * accounts, roles and menus screens: `PUT /sp/<resource>/{id}/status` with `{ <field>: next }`,
 * then the list refreshes. Errors show the server's catalogue message.
 */
import { useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import { useSpCall } from '../hooks/useApi';

export interface StatusToggleProps {
  /** API resource, e.g. `company/user`, `role`, `menu`. */
  resource: string;
  /** Boolean field of the record and of the request body (`active` / `enabled`). */
  field: 'active' | 'enabled';
  /** i18n prefix holding `actions.<on|off>`, `confirm.<on|off>_title|_content`, `messages.<on|off>d`. */
  prefix: string;
  /** Words of the two actions: `['activate', 'deactivate']` or `['enable', 'disable']`. */
  words: [string, string];
  /** Record field naming it in the confirmation. */
  nameField?: string;
  label?: string;
}

export function StatusToggle({ resource, field, prefix, words, nameField = 'name' }: StatusToggleProps) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const call = useSpCall();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const on = !!record[field];
  const word = on ? words[1] : words[0];
  const name = String(record[nameField] ?? record.id);
  const confirm = async () => {
    setBusy(true);
    try {
      await call('PUT', `${resource}/${encodeURIComponent(String(record.id))}/status`, { [field]: !on });
      notify(`${prefix}.messages.${word}d`, { type: 'success' });
      refresh();
      setOpen(false);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        color={on ? 'warning' : 'primary'}
        onClick={(e) => { e.stopPropagation(); setOpen(true); }}
        data-testid={`status-toggle-${record.id}`}
        data-state={on ? 'on' : 'off'}
      >
        {translate(`${prefix}.actions.${word}`)}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`${prefix}.confirm.${word}_title`}
        content={`${prefix}.confirm.${word}_content`}
        translateOptions={{ name }}
        confirmColor={on ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
