/**
 * The e-mail of an event notice (requirements R2.49) in the recipient's language: what happened
 * (opened, processed, ignored, recovered), the event type's name (domain/events.ts), the device,
 * connector, station and time. Plain text, and the same as simple HTML (escaped).
 */
import { eventTypeLabel } from '../../../domain/events.js';
import type { MailMessage } from './outbox.js';

export type EventChange = 'opened' | 'processed' | 'ignored' | 'recovered';

export interface EventNotice {
  change: EventChange;
  eventType: string;
  deviceSn: string;
  deviceType: string;
  connectorId: number;
  stationName: string | null;
  companyCode: string;
  occurTime: Date;
  /** Who processed or ignored it, and how. */
  handler?: string | null;
  handleMethod?: string | null;
}

const WORDS = {
  en: {
    change: { opened: 'New event', processed: 'Event processed', ignored: 'Event ignored', recovered: 'Event recovered' },
    device: 'Device',
    connector: 'Connector',
    station: 'Station',
    time: 'Occurred',
    handler: 'Handled by',
    method: 'Handle method',
    whole: 'whole device',
    footer: 'You receive this e-mail because of your notification settings in ChargeDesk.',
  },
  zh: {
    change: { opened: '新事件', processed: '事件已处理', ignored: '事件已忽略', recovered: '事件已恢复' },
    device: '设备',
    connector: '充电枪',
    station: '站点',
    time: '发生时间',
    handler: '处理人',
    method: '处理方式',
    whole: '整机',
    footer: '您收到此邮件是因为您在 ChargeDesk 中的通知设置。',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The notice of `n` in `language` for `to`. */
export function eventMail(to: string, language: 'en' | 'zh', n: EventNotice): MailMessage {
  const w = WORDS[language];
  const type = eventTypeLabel(n.eventType, language);
  const subject = `[ChargeDesk] ${w.change[n.change]}: ${type} · ${n.deviceSn}`;
  const lines: [string, string][] = [
    [w.device, `${n.deviceSn} (${n.deviceType})`],
    [w.connector, n.connectorId ? String(n.connectorId) : w.whole],
    [w.station, n.stationName ?? '—'],
    [w.time, `${n.occurTime.toISOString().replace('T', ' ').slice(0, 19)} UTC`],
    ...(n.handler ? [[w.handler, n.handler] as [string, string]] : []),
    ...(n.handleMethod ? [[w.method, n.handleMethod] as [string, string]] : []),
  ];
  const text = [`${w.change[n.change]}: ${type}`, '', ...lines.map(([k, v]) => `${k}: ${v}`), '', w.footer].join('\n');
  const html = `<p><strong>${escapeHtml(w.change[n.change])}: ${escapeHtml(type)}</strong></p><table>${lines.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table><p style="color:#888">${escapeHtml(w.footer)}</p>`;
  return { to, language, subject, text, html };
}
