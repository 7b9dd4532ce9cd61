/**
 * Activate / deactivate a card or app user with a confirmation (requirements §5: activations and
 * deactivations are confirmed): `PUT /sp/<holder>/{id}/status` with `{ active }`.
 */
import { useState } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Switch, Tooltip } from '@mui/material';
import { useSpCall } from '../../hooks/useApi';
import type { HolderResource } from './holder';

export function StatusButton({ resource, id, active, label }: { resource: HolderResource; id: number; active: boolean; label?: string }) {
  const translate = useTranslate();
  const call = useSpCall();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const next = !active;
  const confirm = async () => {
    setBusy(true);
    try {
      await call('PUT', `${resource}/${id}/status`, { active: next });
      notify(`resources.balance.notify.${next ? 'activated' : 'deactivated'}`, { type: 'success' });
      refresh();
    } catch (e) {
      notify((e as Error)?.message || 'app.error.load_failed', { type: 'error' });
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Tooltip title={translate(`resources.balance.actions.${next ? 'activate' : 'deactivate'}`)}>
        <Switch
          size="small"
          checked={active}
          onChange={() => setOpen(true)}
          slotProps={{ input: { 'aria-label': translate(`resources.balance.actions.${next ? 'activate' : 'deactivate'}`), ...{ 'data-testid': `status-toggle-${id}` } } as object }}
        />
      </Tooltip>
      <Confirm
        isOpen={open}
        loading={busy}
        title={`resources.balance.confirm.${next ? 'activate' : 'deactivate'}_title`}
        content={`resources.balance.confirm.${next ? 'activate' : 'deactivate'}`}
        titleTranslateOptions={{ name: label ?? String(id) }}
        contentTranslateOptions={{ name: label ?? String(id) }}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}
