/**
 * Keeps toasts one at a time for the same message (requirements §8: a network failure shows one toast
 * at a time): a queued notification whose message was already queued or shown in the last
 * 5.5 s is dropped.
 */
import { useEffect, useRef } from 'react';
import { Notification, useNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';
import { codeOfMessage } from '../../dataProvider/httpClient';

export const TOAST_MS = 5000;

/**
 * Pure filter: drops from `queue` the entries whose message is already in `recent` (message →
 * time first seen, updated in place) within `windowMs`, and duplicates inside the queue.
 */
export function dedupeQueue(
  queue: NotificationPayload[],
  recent: Map<string, number>,
  seen: WeakSet<object>,
  now: number,
  windowMs = TOAST_MS + 500,
): NotificationPayload[] {
  const out: NotificationPayload[] = [];
  for (const n of queue) {
    const key = typeof n.message === 'string' ? n.message : '';
    if (seen.has(n)) {
      out.push(n);
      continue;
    }
    const last = key ? recent.get(key) : undefined;
    if (key && last !== undefined && now - last < windowMs) continue;
    seen.add(n);
    if (key) recent.set(key, now);
    out.push(n);
  }
  return out;
}

/**
 * Pure: an error toast of a server failure keeps the catalogue code for support out of its text,
 * as the toast's tooltip (`title`, e.g. "Code 713, for support") and `data-code`. `codeOf` gives
 * the code of a failure's message; other toasts come back unchanged (the same object).
 */
export function withSupportCode(
  n: NotificationPayload,
  codeOf: (message: unknown) => number | undefined,
  label: (code: number) => string,
): NotificationPayload {
  if (n.type !== 'error' || n.notificationOptions?.title) return n;
  const code = codeOf(n.message);
  if (code === undefined) return n;
  return { ...n, notificationOptions: { ...n.notificationOptions, title: label(code), 'data-code': code } };
}

export function DedupeNotifications() {
  const { notifications, setNotifications } = useNotificationContext();
  const translate = useTranslate();
  const recent = useRef(new Map<string, number>());
  const seen = useRef(new WeakSet<object>());
  useEffect(() => {
    const next = dedupeQueue(notifications, recent.current, seen.current, Date.now()).map((n) => {
      const tagged = withSupportCode(n, codeOfMessage, (code) => translate('app.error.code', { code }));
      if (tagged !== n) seen.current.add(tagged);
      return tagged;
    });
    if (next.length !== notifications.length || next.some((n, i) => n !== notifications[i])) setNotifications(next);
  }, [notifications, setNotifications, translate]);
  return null;
}

/** The console's toast: 5 s (requirements §8), duplicates dropped. */
export function AppNotification() {
  return (
    <>
      <DedupeNotifications />
      <Notification autoHideDuration={TOAST_MS} />
    </>
  );
}
