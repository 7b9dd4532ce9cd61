/**
 * A user's notification preference (requirements §2 menu "Notification Preference", §3 "Notification
 * settings: switch, method, notified person emails, event list, ignore heartbeat"), stored per
 * account by `GET|PUT /sp/user/notification-preference`. At most 20 addresses; an invalid address
 * → 400 naming `emails`.
 */
import { z } from 'zod';

export const NOTIFY_METHODS = ['IN_APP', 'EMAIL', 'BOTH'] as const;
export const NOTIFY_EVENTS = ['OFFLINE', 'FAULT', 'RECOVERED', 'REPORT_TICKET', 'ORDER_ABNORMAL'] as const;

export const notificationPreferenceInput = z.object({
  enabled: z.boolean(),
  method: z.enum(NOTIFY_METHODS),
  emails: z.array(z.email().max(254)).max(20),
  events: z.array(z.enum(NOTIFY_EVENTS)).max(NOTIFY_EVENTS.length).transform((e) => [...new Set(e)]),
  ignoreHeartbeat: z.boolean(),
});

export type NotificationPref = z.infer<typeof notificationPreferenceInput>;

/** What a user who never saved gets. */
export const DEFAULT_PREF: NotificationPref = { enabled: true, method: 'IN_APP', emails: [], events: [...NOTIFY_EVENTS], ignoreHeartbeat: true };

/** The preference as `GET|PUT /sp/user/notification-preference` answer it. */
export const notificationPreference = z.object({
  enabled: z.boolean(),
  method: z.enum(NOTIFY_METHODS),
  emails: z.array(z.string()),
  events: z.array(z.enum(NOTIFY_EVENTS)),
  ignoreHeartbeat: z.boolean(),
});
