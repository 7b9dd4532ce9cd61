/**
 * A user's notification preference (requirements §2 menu "Notification Preference", §3 "Notification
 * settings: switch, method, notified person emails, event list, ignore heartbeat"), stored per
 * account by `GET|PUT /sp/user/notification-preference`. At most 20 addresses; an invalid address
 * → 400 naming `emails`; a category the account's menus do not offer → 403 naming `events`.
 */
import { z } from 'zod';
import { PERMISSIONS, type MenuPermission } from '../permissions.js';

export const NOTIFY_METHODS = ['IN_APP', 'EMAIL', 'BOTH'] as const;
/**
 * What a user is told about (requirements R2.48): OFFLINE (a charger or gateway went offline),
 * FAULT (faults and warnings), RECOVERED (an event ended by itself), PROCESSED (someone processed
 * or ignored an event), REPORT_TICKET, ORDER_ABNORMAL (meter regression, unknown or paid orders,
 * income problems).
 */
export const NOTIFY_EVENTS = ['OFFLINE', 'FAULT', 'RECOVERED', 'PROCESSED', 'REPORT_TICKET', 'ORDER_ABNORMAL'] as const;
export type NotifyEvent = (typeof NOTIFY_EVENTS)[number];

/**
 * The menu an account needs to be told of each category (requirements R3.24): the events page for
 * every event category, the report tickets page for new tickets. What an account may not see is
 * neither offered in its preference nor sent to it, checked again when each notice is sent.
 */
export const NOTIFY_EVENT_PERMISSION: Record<NotifyEvent, MenuPermission> = {
  OFFLINE: PERMISSIONS.events.events,
  FAULT: PERMISSIONS.events.events,
  RECOVERED: PERMISSIONS.events.events,
  PROCESSED: PERMISSIONS.events.events,
  ORDER_ABNORMAL: PERMISSIONS.events.events,
  REPORT_TICKET: PERMISSIONS.reportTickets,
};

/** The categories offered to an account that holds the permissions `holds` says it holds. */
export function offeredEvents(holds: (permission: MenuPermission) => boolean): NotifyEvent[] {
  return NOTIFY_EVENTS.filter((e) => holds(NOTIFY_EVENT_PERMISSION[e]));
}

/** Languages of the e-mails (the user's choice; requirements R2.49). */
export const MAIL_LANGUAGES = ['en', 'zh'] as const;

export const notificationPreferenceInput = z.object({
  enabled: z.boolean(),
  method: z.enum(NOTIFY_METHODS),
  emails: z.array(z.email().max(254)).max(20),
  events: z
    .array(z.enum(NOTIFY_EVENTS))
    .max(NOTIFY_EVENTS.length)
    .transform((e) => [...new Set(e)]),
  ignoreHeartbeat: z.boolean(),
  language: z.enum(MAIL_LANGUAGES).default('en'),
});

export type NotificationPref = z.infer<typeof notificationPreferenceInput>;

/** What a user who never saved gets. */
export const DEFAULT_PREF: NotificationPref = {
  enabled: true,
  method: 'IN_APP',
  emails: [],
  events: [...NOTIFY_EVENTS],
  ignoreHeartbeat: true,
  language: 'en',
};

/**
 * The preference as `GET|PUT /sp/user/notification-preference` answer it: `events` limited to the
 * categories `offered` to the account (by its menus, {@link offeredEvents}).
 */
export const notificationPreference = z.object({
  enabled: z.boolean(),
  method: z.enum(NOTIFY_METHODS),
  emails: z.array(z.string()),
  events: z.array(z.enum(NOTIFY_EVENTS)),
  ignoreHeartbeat: z.boolean(),
  language: z.enum(MAIL_LANGUAGES),
  offered: z.array(z.enum(NOTIFY_EVENTS)),
});
export type NotificationPrefAnswer = z.infer<typeof notificationPreference>;

/** `GET /sp/mail/status`: whether mail leaves (SMTP_URL set) and what waits in the outbox. */
export const mailStatus = z.object({ enabled: z.boolean(), queued: z.number().int(), failed: z.number().int() });
export type MailStatus = z.infer<typeof mailStatus>;
