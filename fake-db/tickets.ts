/**
 * The demo's report tickets (requirements §14): per operator, three tickets from its app users —
 * one open with a photo of a damaged connector (drawn in memory, PNG), one replied, one closed —
 * each with its REPORT_TICKET notice in the bell. Deterministic (no random draws, so the rest of
 * the demo is unchanged); ticket numbers `RT<CODE>00001`….
 */
import { asc, eq } from 'drizzle-orm';
import { encode } from 'fast-png';
import type { Db } from '../server/db/client.js';
import { appUser, reportTicket, reportTicketAttachment } from '../server/db/schema.js';
import { storeFile } from '../server/modules/files/store.js';
import { recordNotice } from '../server/modules/notifications/notices.js';

const HOUR = 3_600_000;
export const TICKET_PHOTO_WIDTH = 480;
export const TICKET_PHOTO_HEIGHT = 360;

/**
 * A "photo" of a charging connector with a cracked housing: a dark plug on a concrete-grey
 * gradient, two pin holes, and a red crack across it. PNG bytes (RGB).
 */
export function ticketPhotoPng(): Uint8Array {
  const w = TICKET_PHOTO_WIDTH;
  const h = TICKET_PHOTO_HEIGHT;
  const data = new Uint8Array(w * h * 3);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 3;
      const shade = 150 + Math.round(60 * (y / h)) - ((x * 7 + y * 13) % 9);
      let rgb: [number, number, number] = [shade, shade, shade - 6];
      const d = Math.hypot(x - cx, y - cy);
      if (d < 120) rgb = [40, 44, 52];
      if (d < 104) rgb = [58, 63, 74];
      for (const [px, py] of [
        [cx - 40, cy - 20],
        [cx + 40, cy - 20],
        [cx, cy + 45],
      ])
        if (Math.hypot(x - px, y - py) < 18) rgb = [15, 15, 18];
      const crack = Math.abs(y - cy - 0.6 * (x - cx) - 12 * Math.sin(x / 9)) < 3 && d < 125;
      if (crack) rgb = [220, 40, 40];
      data.set(rgb, o);
    }
  }
  return encode({ width: w, height: h, data, channels: 3, depth: 8 });
}

const TICKETS = [
  {
    subject: 'Connector housing cracked',
    message: 'The plug of connector 1 is cracked and the cable gets warm. Photo attached.',
    hoursAgo: 3,
    status: 'OPEN' as const,
    photo: true,
  },
  {
    subject: 'Charging stopped early, please check my bill',
    message: 'The session stopped after 10 minutes but I was charged for 45 minutes.',
    hoursAgo: 30,
    status: 'REPLIED' as const,
    reply: 'Sorry for the trouble: the session was re-priced to the energy delivered and the difference refunded to your balance.',
  },
  {
    subject: 'Card not accepted at the charger',
    message: 'My card was refused twice this morning.',
    hoursAgo: 80,
    status: 'CLOSED' as const,
    reply: 'Your card was blocked by mistake; it works again. Closing the ticket.',
  },
];

/** Seeds the report tickets of company `companyCode` at time `now` (needs at least one app user). */
export async function seedDemoTickets(tx: Db, companyCode: string, accountPrefix: string, now: Date): Promise<void> {
  const users = await tx.select().from(appUser).where(eq(appUser.companyCode, companyCode)).orderBy(asc(appUser.id)).limit(TICKETS.length);
  if (users.length === 0) return;
  for (const [i, t] of TICKETS.entries()) {
    const user = users[i % users.length];
    const at = new Date(now.getTime() - t.hoursAgo * HOUR);
    const replyAt = new Date(at.getTime() + 2 * HOUR);
    const serialNum = `RT${companyCode}${String(i + 1).padStart(5, '0')}`;
    const [row] = await tx
      .insert(reportTicket)
      .values({
        serialNum,
        companyCode,
        appUserId: user.id,
        nickname: user.nickname,
        email: user.email ?? `${user.nickname}@example.com`,
        subject: t.subject,
        message: t.message,
        language: 'en',
        status: t.status,
        createdAt: at,
        ...(t.reply ? { replyText: t.reply, repliedBy: `${accountPrefix}.admin`, replyTime: replyAt } : {}),
        ...(t.status === 'CLOSED' ? { closedBy: `${accountPrefix}.admin`, closeTime: new Date(replyAt.getTime() + HOUR) } : {}),
      })
      .returning({ id: reportTicket.id });
    if (t.photo) {
      const file = await storeFile(tx, {
        kind: 'TICKET_IMAGE',
        companyCode,
        fileName: 'connector.png',
        content: Buffer.from(ticketPhotoPng()),
        contentType: 'image/png',
        createdBy: `app:${user.id}`,
      });
      await tx
        .insert(reportTicketAttachment)
        .values({ ticketId: row.id, fileId: file.id, position: 0, width: TICKET_PHOTO_WIDTH, height: TICKET_PHOTO_HEIGHT });
    }
    await recordNotice(tx, {
      companyCode,
      notice: { kind: 'REPORT_TICKET', params: { subject: t.subject, nickname: user.nickname } },
      userName: user.nickname,
      ticketNo: serialNum,
      at,
    });
  }
}
