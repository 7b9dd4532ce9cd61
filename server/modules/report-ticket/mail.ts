/**
 * The e-mail of a report ticket's reply (requirements §14): to the reporter, in their language
 * (the ticket's `language`), with the ticket number, the question as asked and the operator's
 * answer. Plain text, and the same as simple HTML (escaped). Queued through the outbox.
 */
import type { MailMessage } from '../mail/index.js';

export interface TicketReply {
  to: string;
  language: 'en' | 'zh';
  serialNum: string;
  nickname: string;
  subject: string;
  message: string;
  replyText: string;
  /** The operator answering. */
  companyName: string;
  createdAt: Date;
}

const WORDS = {
  en: {
    subject: (no: string, s: string) => `[ChargeDesk] Reply to your report ${no}: ${s}`,
    hello: (n: string) => `Hello ${n},`,
    intro: (c: string) => `${c} answered the problem you reported.`,
    ticket: 'Ticket',
    asked: 'You wrote',
    reply: 'Our reply',
    sent: 'Sent',
    footer: 'You receive this e-mail because you reported a problem in the charging app.',
  },
  zh: {
    subject: (no: string, s: string) => `[ChargeDesk] 您的工单 ${no} 已回复：${s}`,
    hello: (n: string) => `${n}，您好：`,
    intro: (c: string) => `${c} 已回复您反馈的问题。`,
    ticket: '工单号',
    asked: '您的问题',
    reply: '回复',
    sent: '提交时间',
    footer: '您收到此邮件是因为您在充电 App 中反馈了问题。',
  },
} as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const paragraphs = (s: string) => escapeHtml(s).replace(/\r?\n/g, '<br>');

/** The reply mail of `t`. */
export function ticketReplyMail(t: TicketReply): MailMessage {
  const w = WORDS[t.language];
  const sent = `${t.createdAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`;
  const text = [
    w.hello(t.nickname),
    '',
    w.intro(t.companyName),
    '',
    `${w.ticket}: ${t.serialNum}`,
    `${w.sent}: ${sent}`,
    '',
    `${w.asked}:`,
    `${t.subject}`,
    t.message,
    '',
    `${w.reply}:`,
    t.replyText,
    '',
    w.footer,
  ].join('\n');
  const html =
    `<p>${escapeHtml(w.hello(t.nickname))}</p><p>${escapeHtml(w.intro(t.companyName))}</p>` +
    `<p>${escapeHtml(w.ticket)}: <strong>${escapeHtml(t.serialNum)}</strong><br>${escapeHtml(w.sent)}: ${escapeHtml(sent)}</p>` +
    `<p><strong>${escapeHtml(w.asked)}</strong><br>${escapeHtml(t.subject)}<br>${paragraphs(t.message)}</p>` +
    `<p><strong>${escapeHtml(w.reply)}</strong><br>${paragraphs(t.replyText)}</p><p style="color:#888">${escapeHtml(w.footer)}</p>`;
  return { to: t.to, language: t.language, subject: w.subject(t.serialNum, t.subject), text, html };
}

/** A new ticket, told to the company's accounts that asked for REPORT_TICKET e-mails. */
export interface TicketOpened {
  to: string;
  language: 'en' | 'zh';
  serialNum: string;
  nickname: string;
  email: string;
  subject: string;
  message: string;
  attachments: number;
  createdAt: Date;
}

const NEW_WORDS = {
  en: {
    subject: (no: string, s: string) => `[ChargeDesk] New report ticket ${no}: ${s}`,
    from: 'From',
    ticket: 'Ticket',
    images: 'Images',
    sent: 'Sent',
    footer: 'You receive this e-mail because of your notification settings in ChargeDesk (report tickets).',
  },
  zh: {
    subject: (no: string, s: string) => `[ChargeDesk] 新工单 ${no}：${s}`,
    from: '来自',
    ticket: '工单号',
    images: '图片',
    sent: '提交时间',
    footer: '您收到此邮件是因为您在 ChargeDesk 中的通知设置（工单）。',
  },
} as const;

/** The notice mail of a new ticket for an operator account, in that account's language. */
export function ticketOpenedMail(t: TicketOpened): MailMessage {
  const w = NEW_WORDS[t.language];
  const lines: [string, string][] = [
    [w.ticket, t.serialNum],
    [w.from, `${t.nickname} <${t.email}>`],
    [w.sent, `${t.createdAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`],
    [w.images, String(t.attachments)],
  ];
  const text = [t.subject, '', t.message, '', ...lines.map(([k, v]) => `${k}: ${v}`), '', w.footer].join('\n');
  const html = `<p><strong>${escapeHtml(t.subject)}</strong></p><p>${paragraphs(t.message)}</p><table>${lines.map(([k, v]) => `<tr><td>${escapeHtml(k)}</td><td>${escapeHtml(v)}</td></tr>`).join('')}</table><p style="color:#888">${escapeHtml(w.footer)}</p>`;
  return { to: t.to, language: t.language, subject: w.subject(t.serialNum, t.subject), text, html };
}
