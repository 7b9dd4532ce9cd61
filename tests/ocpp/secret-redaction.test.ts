/**
 * Secrets never appear in a stored row, an API answer or a log line (requirements R10.24), path by
 * path, with a real charge point: for each, the secret string is searched in every table of the
 * database, in the answers the console gets (the command's own, the charger log list and its
 * frames) and in every log line of the node (level trace):
 * - ChangeConfiguration of AuthorizationKey through the device-command API (its COMMAND row);
 * - a GetConfiguration answer in which the charger reports its AuthorizationKey;
 * - GetDiagnostics over HTTP (the upload token in the location) and over FTP (token as user and password);
 * - an OCPP password set by hand and then used by the charger (Authorization header of the handshake);
 * - the mail worker's error kept in the outbox when SMTP_URL carries a password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { chargerLog, mailOutbox } from '../../server/db/schema.js';
import { sendDue } from '../../server/modules/mail/worker.js';
import type { RpcClient } from '../../server/ocpp/rpc.js';
import { backends } from '../support/db.js';
import { build, type TestServer } from '../support/app.js';
import { caller, type Answer, type Call } from '../support/assets.js';
import { aBootNotification, aNetwork } from '../support/builders.js';
import { placesOf } from '../support/secrets.js';
import { connect, eventually } from './helpers.js';

describe.each(backends())('secrets kept out of rows, answers and logs on %s', (backend) => {
  let s: TestServer;
  let admin: Call;
  const logLines: string[] = [];
  const clients: RpcClient[] = [];

  beforeAll(async () => {
    s = await build(backend, { ftpPort: 0 }, { logLines });
    admin = caller(s, await s.login());
  });
  afterAll(async () => {
    for (const c of clients) await c.close({ force: true }).catch(() => undefined);
    await s?.close();
  });

  /** A connected charge point of a new network, its frames answered by `handlers`. */
  async function chargePoint(handlers: Record<string, (params: Record<string, unknown>) => unknown>) {
    const net = await aNetwork(s.database.db);
    const cp = await connect(s.ocppUrl, net.charger.serialNum);
    clients.push(cp);
    for (const [action, fn] of Object.entries(handlers)) cp.handle(action, async ({ params }) => fn(params ?? {}) as Promise<Record<string, unknown>>);
    await cp.call('BootNotification', aBootNotification());
    return { sn: net.charger.serialNum, id: net.charger.id };
  }

  /** The charger log as the console reads it (list and frames), once `action`'s rows are written. */
  async function logAnswers(sn: string, action: string, rows: number): Promise<Answer[]> {
    await eventually(
      async () =>
        (
          await s.database.db
            .select()
            .from(chargerLog)
            .where(and(eq(chargerLog.chargerSn, sn), eq(chargerLog.action, action)))
        ).length >= rows,
    );
    return [await admin('GET', `/sp/charger-log?serialNum=${sn}&size=100`), await admin('GET', `/sp/charger-log/frames?serialNum=${sn}&size=100`)];
  }

  it('ChangeConfiguration of AuthorizationKey: not in its COMMAND row, the answer, the charger log or the log lines', async () => {
    const key = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
    const { sn, id } = await chargePoint({ ChangeConfiguration: () => ({ status: 'Accepted' }) });
    const res = await admin('POST', `/sp/charger/${id}/configuration`, { key: 'AuthorizationKey', value: key });
    expect(res.code).toBe(200);
    expect(res.data).toEqual({ key: 'AuthorizationKey', value: '[redacted]', status: 'Accepted' });
    const answers = await logAnswers(sn, 'ChangeConfiguration', 3);
    const [command] = await s.database.db
      .select()
      .from(chargerLog)
      .where(and(eq(chargerLog.chargerSn, sn), eq(chargerLog.messageType, 'COMMAND')));
    expect(command.payload).toMatchObject({ request: { key: 'AuthorizationKey', value: '[redacted]' }, result: 'ACCEPTED' });
    expect(await placesOf(s.database.db, key, logLines, [res, ...answers])).toEqual([]);
  });

  it('a GetConfiguration answer that carries the AuthorizationKey: masked in the answer and the stored frame', async () => {
    const key = 'f0e1d2c3b4a5968778695a4b3c2d1e0f00112233';
    const { sn, id } = await chargePoint({
      GetConfiguration: () => ({
        configurationKey: [
          { key: 'AuthorizationKey', readonly: false, value: key },
          { key: 'HeartbeatInterval', readonly: false, value: '60' },
        ],
      }),
    });
    const res = await admin('GET', `/sp/charger/${id}/configuration`);
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      keys: [
        { key: 'AuthorizationKey', value: '[redacted]', readonly: false },
        { key: 'HeartbeatInterval', value: '60', readonly: false },
      ],
      unknownKeys: [],
    });
    const answers = await logAnswers(sn, 'GetConfiguration', 3);
    expect(await placesOf(s.database.db, key, logLines, [res, ...answers])).toEqual([]);
  });

  it.each(['HTTP', 'FTP'] as const)('GetDiagnostics over %s: the upload token is in no row, answer or log line', async (transport) => {
    const locations: string[] = [];
    const { sn, id } = await chargePoint({
      GetDiagnostics: (p) => {
        locations.push(String(p.location));
        return { fileName: 'diag.log' };
      },
    });
    const res = await admin('POST', '/sp/diagnostics-request', { chargerId: id, transport });
    expect(res.code).toBe(200);
    const token = transport === 'HTTP' ? /\/ocpp-files\/diagnostics\/([^/]+)\//.exec(locations[0])![1] : decodeURIComponent(new URL(locations[0]).password);
    expect(token.length).toBeGreaterThanOrEqual(16);
    // The charger uploads with it: the request's own log line names no token either.
    if (transport === 'HTTP') {
      const up = await fetch(`${s.baseUrl}/ocpp-files/diagnostics/${token}/diag.log`, { method: 'PUT', body: 'log line\n' });
      expect(up.status).toBe(201);
    }
    const answers = await logAnswers(sn, 'GetDiagnostics', 3);
    const list = await admin('GET', `/sp/diagnostics-request?chargerId=${id}`);
    expect(await placesOf(s.database.db, token, logLines, [res, list, ...answers])).toEqual([]);
  });

  it('an OCPP password set by hand is answered once and is then in no row or log line, the handshake that uses it included', async () => {
    const net = await aNetwork(s.database.db);
    const set = await admin('POST', `/sp/charger/${net.charger.id}/ocpp-password`);
    const password = (set.data as { password: string }).password;
    const cp = await connect(s.ocppUrl, net.charger.serialNum, { password });
    clients.push(cp);
    await cp.call('BootNotification', aBootNotification());
    const read = await admin('GET', `/sp/charger/${net.charger.id}`);
    expect(await placesOf(s.database.db, password, logLines, [read])).toEqual([]);
  });

  it('a mail error naming SMTP_URL keeps no password in the outbox', async () => {
    const secret = 'smtp-Secret-42';
    const db = s.database.db;
    const [m] = await db.insert(mailOutbox).values({ to: 'ops@example.com', subject: 's', text: 't' }).returning();
    const failing = {
      sendMail: async () => {
        throw new Error(`connect ECONNREFUSED for smtp://mailer:${secret}@127.0.0.1:1`);
      },
    };
    expect(await sendDue(db, failing, 'ChargeDesk <no-reply@localhost>', 10)).toMatchObject({ failed: 1 });
    const [after] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, m.id));
    expect(after.lastError).toContain('smtp://[redacted]@127.0.0.1:1');
    expect(await placesOf(db, secret, logLines)).toEqual([]);
  });
});
