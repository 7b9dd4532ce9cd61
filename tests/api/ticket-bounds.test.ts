/**
 * The charging app's ticket intake under a hostile app user (requirements R14.12–R14.14): a NUL in
 * any text field is answered 400 naming it (never 706 / 500); images are refused by their pixel
 * count (782: a width of 2³¹, 100 000 × 100 000) and by a decode check (783: a JPEG header with no
 * picture, a PNG without its end, a garbled PNG); one user's tickets per hour (780) and image bytes
 * per day (781) are budgets that hold under simultaneous requests, with nothing stored beyond them;
 * a reply goes to the app user's own address, and to an address typed into the ticket only after
 * the operator confirmed (784 before).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { call, setupTenants, type Tenants } from '../support/tenants.js';
import { jpg, png, pngClaiming } from '../support/images.js';
import { appUser, mailOutbox, reportTicket, reportTicketAttachment, storedFile } from '../../server/db/schema.js';

const b64 = (b: Buffer) => b.toString('base64');

/** SOI, APP0 JFIF and a SOF0 of 640×480, then EOI: a header check believes it, there is no picture. */
function jpegHeaderOnly(): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

const MAX_PER_HOUR = 4;
const MAX_BYTES_PER_DAY = 700 * 1024;

describe.each(backends())('ticket intake bounds on %s', (backend) => {
  let s: TestServer;
  let t: Tenants;

  /** `POST /app/report-ticket` with `token`. */
  const post = async (token: string, payload: unknown) => {
    const res = await s.app.inject({ method: 'POST', url: '/app/report-ticket', headers: { authorization: `Bearer ${token}` }, payload: payload as object });
    const body = res.json() as { code: number; msg: string; data: { errors?: Record<string, unknown> } | null };
    return { status: res.statusCode, ...body };
  };
  /** A new ALPHA app user (`email` on their account or none) and an app token for them. */
  const anAppUser = async (nickname: string, email: string | null) => {
    const [u] = await s.database.db
      .insert(appUser)
      .values({ companyCode: 'ALPHA', nickname, email, idTag: `APP${nickname.toUpperCase()}`.slice(0, 20) })
      .returning();
    const token = (await call(s, 'POST', `/sp/app-user/${u.id}/app-token`, t.a.adminToken)).data.token as string;
    return { id: u.id, token };
  };
  const ticketsOf = (id: number) => s.database.db.select().from(reportTicket).where(eq(reportTicket.appUserId, id));
  const storedBytes = async () => Number((await s.database.db.select({ n: sql<string>`coalesce(sum(${storedFile.size}), 0)` }).from(storedFile))[0].n);

  beforeAll(async () => {
    s = await build(backend, { ticketMaxPerHour: MAX_PER_HOUR, ticketMaxBytesPerDay: MAX_BYTES_PER_DAY });
    t = await setupTenants(s);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers a NUL in each text field 400 naming the field, stores nothing', async () => {
    const u = await anAppUser('nul', 'nul@driver.test');
    const image = { fileName: 'a.png', data: b64(png(4, 4)) };
    const base = { subject: 'Cable', message: 'Broken', nickname: 'Max', email: 'max@driver.test', attachments: [image] };
    for (const [field, body] of [
      ['subject', { ...base, subject: 'Cable\u0000stuck' }],
      ['message', { ...base, message: 'Broken\u0000' }],
      ['nickname', { ...base, nickname: 'Max\u0000Mustermann' }],
      ['email', { ...base, email: 'max\u0000@driver.test' }],
      ['attachments.0.fileName', { ...base, attachments: [{ ...image, fileName: 'a\u0000.png' }] }],
    ] as const) {
      const res = await post(u.token, body);
      expect(res, field).toMatchObject({ status: 400, code: 400 });
      expect(JSON.stringify(res.data), field).toContain(field);
    }
    expect(await ticketsOf(u.id)).toHaveLength(0);
  });

  it('refuses images by their pixels (782) and by decoding (783), naming the image; nothing is stored', async () => {
    const u = await anAppUser('pixels', 'pixels@driver.test');
    const before = await storedBytes();
    const truncated = png(64, 48).subarray(0, png(64, 48).length - 12);
    const garbled = Buffer.from(png(64, 48));
    garbled[45] ^= 0xff;
    const cases: [string, Buffer, number][] = [
      ['width 2^31', pngClaiming(2 ** 31, 1), 782],
      ['width 2^32 - 1', pngClaiming(2 ** 32 - 1, 2 ** 32 - 1), 782],
      ['100 000 × 100 000', pngClaiming(100_000, 100_000), 782],
      ['9000 × 10', pngClaiming(9000, 10), 782],
      ['4000 × 4000 claimed, 1 × 1 inside', pngClaiming(4000, 4000), 783],
      ['JPEG header only', jpegHeaderOnly(), 783],
      ['PNG without its end', truncated, 783],
      ['PNG with garbled data', garbled, 783],
      ['JPEG cut in half', jpg(64, 48).subarray(0, 300), 783],
    ];
    for (const [name, file, code] of cases) {
      const res = await post(u.token, {
        subject: 'Photo',
        message: name,
        attachments: [
          { fileName: 'ok.png', data: b64(png(8, 8)) },
          { fileName: 'x.png', data: b64(file) },
        ],
      });
      expect(res, name).toMatchObject({ status: 400, code });
      expect(res.data?.errors, name).toHaveProperty(['attachments.1']);
    }
    expect(await ticketsOf(u.id)).toHaveLength(0);
    expect(await storedBytes()).toBe(before);
    // A real photo-sized JPEG and PNG pass.
    const ok = await post(u.token, { subject: 'Photo', message: 'fine', attachments: [{ data: b64(jpg(1024, 768)) }, { data: b64(png(800, 600)) }] });
    expect(ok.code).toBe(200);
  });

  it('holds one user to its tickets per hour under simultaneous requests (780, HTTP 429), nothing stored beyond', async () => {
    const u = await anAppUser('flood', 'flood@driver.test');
    const other = await anAppUser('calm', 'calm@driver.test');
    const answers = await Promise.all(
      Array.from({ length: MAX_PER_HOUR + 4 }, (_, i) => post(u.token, { subject: `Flood ${i}`, message: 'again', attachments: [{ data: b64(png(16, 16)) }] })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(MAX_PER_HOUR);
    const refused = answers.filter((a) => a.code !== 200);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r).toMatchObject({ status: 429, code: 780 });
    expect(await ticketsOf(u.id)).toHaveLength(MAX_PER_HOUR);
    // The budget is per user: another one of the same company still reports.
    expect((await post(other.token, { subject: 'Mine', message: 'works' })).code).toBe(200);
  });

  it('holds one user to its image bytes per day (781, HTTP 429), nothing stored beyond', async () => {
    const u = await anAppUser('bytes', 'bytes@driver.test');
    const image = png(8, 8, 300 * 1024); // a valid PNG of about 300 KB
    const before = await storedBytes();
    const first = await post(u.token, { subject: 'One', message: 'x', attachments: [{ data: b64(image) }] });
    const second = await post(u.token, { subject: 'Two', message: 'x', attachments: [{ data: b64(image) }] });
    expect([first.code, second.code]).toEqual([200, 200]);
    const third = await post(u.token, { subject: 'Three', message: 'x', attachments: [{ data: b64(image) }] });
    expect(third).toMatchObject({ status: 429, code: 781 });
    // Text alone still fits the byte budget (the hour's count is not spent).
    expect((await post(u.token, { subject: 'Words only', message: 'x' })).code).toBe(200);
    const tickets = await ticketsOf(u.id);
    expect(tickets).toHaveLength(3);
    const files = await s.database.db
      .select({ size: storedFile.size })
      .from(reportTicketAttachment)
      .innerJoin(storedFile, eq(storedFile.id, reportTicketAttachment.fileId))
      .where(
        inArray(
          reportTicketAttachment.ticketId,
          tickets.map((x) => x.id),
        ),
      );
    expect(files.reduce((n, f) => n + f.size, 0)).toBeLessThanOrEqual(MAX_BYTES_PER_DAY);
    expect(await storedBytes()).toBe(before + 2 * image.length);
  });

  it("replies to the app user's own address; to an address typed into the ticket only after confirming (784)", async () => {
    const known = await anAppUser('known', 'known@driver.test');
    const typed = await anAppUser('typed', null);
    const a = await post(known.token, { subject: 'Reply where?', message: 'x', email: 'someone.else@elsewhere.test' });
    const b = await post(typed.token, { subject: 'Reply where?', message: 'x', email: 'typed@driver.test' });
    expect([a.code, b.code]).toEqual([200, 200]);
    const [ta] = await ticketsOf(known.id);
    const [tb] = await ticketsOf(typed.id);

    const shownA = await call(s, 'GET', `/sp/report-ticket/${ta.id}`, t.a.adminToken);
    expect(shownA.data).toMatchObject({ email: 'someone.else@elsewhere.test', replyEmail: 'known@driver.test', emailVerified: true });
    const shownB = await call(s, 'GET', `/sp/report-ticket/${tb.id}`, t.a.adminToken);
    expect(shownB.data).toMatchObject({ email: 'typed@driver.test', replyEmail: 'typed@driver.test', emailVerified: false });

    const outbox = (to: string) => s.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect((await call(s, 'POST', `/sp/report-ticket/${ta.id}/reply`, t.a.adminToken, { replyText: 'Fixed.' })).code).toBe(200);
    expect(await outbox('known@driver.test')).toHaveLength(1);
    expect(await outbox('someone.else@elsewhere.test')).toHaveLength(0);

    const unconfirmed = await call(s, 'POST', `/sp/report-ticket/${tb.id}/reply`, t.a.adminToken, { replyText: 'Fixed.' });
    expect(unconfirmed).toMatchObject({ status: 409, code: 784 });
    expect((await call(s, 'GET', `/sp/report-ticket/${tb.id}`, t.a.adminToken)).data.status).toBe('OPEN');
    expect(await outbox('typed@driver.test')).toHaveLength(0);
    const confirmed = await call(s, 'POST', `/sp/report-ticket/${tb.id}/reply`, t.a.adminToken, { replyText: 'Fixed.', toUnverified: true });
    expect(confirmed.data).toMatchObject({ status: 'REPLIED' });
    expect(await outbox('typed@driver.test')).toHaveLength(1);
  });
});
