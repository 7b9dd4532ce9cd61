/**
 * Keeps toasts one at a time for the same message (requirements §8: a network failure shows one toast
 * at a time): a queued notification whose message was already queued or shown in the last
 * 5.5 s is dropped.
 */
import { useEffect, useRef } from 'react';
import { Notification, useNotificationContext, type NotificationPayload } from 'react-admin';

export const TOAST_MS = 5000;

/**
 * Pure filter: drops from `queue` the entries whose message is already in `recent` (message →
 * time first seen, updated in place) within `windowMs`, and duplicates inside the queue.
 */
export function dedupeQueue(queue: NotificationPayload[], recent: Map<string, number>, seen: WeakSet<object>, now: number, windowMs = TOAST_MS + 500): NotificationPayload[] {
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

export function DedupeNotifications() {
  const { notifications, setNotifications } = useNotificationContext();
  const recent = useRef(new Map<string, number>());
  const seen = useRef(new WeakSet<object>());
  useEffect(() => {
    const next = dedupeQueue(notifications, recent.current, seen.current, Date.now());
    if (next.length !== notifications.length) setNotifications(next);
  }, [notifications, setNotifications]);
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
