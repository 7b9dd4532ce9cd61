/**
 * Status switches (activate / deactivate, enable / disable) of accounts, roles, menus, card and
 * app users, rate templates and chargers, on react-admin's own pieces: `useUpdate` +
 * `Confirm`. The change is confirmed first (requirements §5: activations and deactivations are
 * confirmed), then `PUT /sp/<resource>/{id}/status` with `{ <field>: next }` (the data
 * provider's `meta.path`), a success notice in the user's language and a refresh; a refusal shows
 * the server's catalogue message and keeps the confirmation open.
 *
 * Sign-out: react-admin's data-provider proxy answers a 401 with `{ data: {} }` after signing the
 * user out; an answer without the record's id is therefore no success (no notice, nothing closes).
 */
import { useState, type ReactNode } from 'react';
import { Button, Confirm, useNotify, useResourceContext, useRecordContext, useRefresh, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { Switch, Tooltip } from '@mui/material';

/** Status flags the API switches at `…/{id}/status`. */
export type StatusField = 'active' | 'enabled' | 'activated';

/** i18n keys of one direction of the switch (turning on, or off). */
export interface StatusTexts {
  /** The action's words (button label, switch tooltip and accessible name). */
  action: string;
  /** Title and content of the confirmation. */
  title: string;
  content: string;
  /** The success notice. */
  done: string;
}

/**
 * The keys of a status switch under `prefix`: `actions.<word>` (or `action`, one key for both
 * ways), `confirm.<word>_title`, `confirm.<word><content>` and `<done>.<word>d`, with
 * `words = [turn on, turn off]`.
 */
export function statusTexts(
  prefix: string,
  words: readonly [string, string],
  layout: { content?: string; done?: string; action?: string } = {},
): (next: boolean) => StatusTexts {
  const { content = '_content', done = 'messages', action } = layout;
  return (next) => {
    const word = next ? words[0] : words[1];
    return {
      action: action ?? `${prefix}.actions.${word}`,
      title: `${prefix}.confirm.${word}_title`,
      content: `${prefix}.confirm.${word}${content}`,
      done: `${prefix}.${done}.${word}d`,
    };
  };
}

/** The change of `record[field]` behind a confirmation, through `useUpdate`. */
function useStatusChange(resource: string, record: RaRecord | undefined, field: StatusField, done: (on: boolean) => string) {
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [open, setOpen] = useState(false);
  const on = !!record?.[field];
  const confirm = () => {
    if (!record) return;
    void update(
      resource,
      { id: record.id, data: { [field]: !on }, previousData: record, meta: { path: 'status' } },
      {
        mutationMode: 'pessimistic',
        onSuccess: (data) => {
          if ((data as Partial<RaRecord> | undefined)?.id === undefined) return; // signed out (see above)
          setOpen(false);
          notify(done(!on), { type: 'success' });
          refresh();
        },
        onError: (e) => notify((e as Error)?.message || 'ra.notification.http_error', { type: 'error' }),
      },
    );
  };
  return { on, open, setOpen, confirm, isPending };
}

export interface StatusSwitchProps {
  /** API resource, e.g. `card-user`, `rate-template`, `charger`; default the resource in context. */
  resource?: string;
  field: StatusField;
  /** The i18n keys when the change turns the flag on (`true`) or off (`false`). */
  texts: (next: boolean) => StatusTexts;
  /** Values of the confirmation's messages (`%{name}`, `%{sn}`…). */
  translateOptions?: Record<string, unknown>;
  /** A button (default) or a switch showing the current state. */
  variant?: 'button' | 'switch';
  /** The record (default: the record context). */
  record?: RaRecord;
  testId?: string;
  icon?: ReactNode;
  /** Only for the list column header. */
  label?: string;
}

/** A status switch: a button naming the action, or a switch, then the confirmation. */
export function StatusSwitch({ resource: resourceProp, field, texts, translateOptions, variant = 'button', record: given, testId, icon }: StatusSwitchProps) {
  const context = useRecordContext();
  const record = given ?? context;
  const translate = useTranslate();
  const resource = useResourceContext({ resource: resourceProp }) as string;
  const { on, open, setOpen, confirm, isPending } = useStatusChange(resource, record, field, (next) => texts(next).done);
  if (!record) return null;
  const t = texts(!on);
  const id = testId ?? `status-toggle-${record.id}`;
  const opener = (e: { stopPropagation: () => void }) => {
    e.stopPropagation();
    setOpen(true);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the row must not open; the controls inside take the keys
    <span onClick={(e) => e.stopPropagation()}>
      {variant === 'switch' ? (
        <Tooltip title={translate(t.action)}>
          <Switch
            size="small"
            checked={on}
            onChange={opener}
            slotProps={{ input: { 'aria-label': translate(t.action), 'data-testid': id } as React.InputHTMLAttributes<HTMLInputElement> }}
          />
        </Tooltip>
      ) : (
        <Button label={t.action} onClick={opener} color={on ? 'warning' : 'primary'} data-testid={id} data-state={on ? 'on' : 'off'}>
          {icon ? icon : undefined}
        </Button>
      )}
      <Confirm
        isOpen={open}
        loading={isPending}
        title={t.title}
        content={t.content}
        translateOptions={translateOptions}
        confirmColor={on ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}

export interface StatusToggleProps {
  /** API resource, e.g. `company/user`, `role`, `menu`; default the resource in context. */
  resource?: string;
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

/** The enable/disable button of the accounts, roles and menus screens (keys under `prefix`). */
export function StatusToggle({ resource, field, prefix, words, nameField = 'name' }: StatusToggleProps) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <StatusSwitch resource={resource} field={field} texts={statusTexts(prefix, words)} translateOptions={{ name: String(record[nameField] ?? record.id) }} />
  );
}
