/**
 * OCPP security profiles 2 and 3 over real TLS on loopback (requirements R10.40–R10.42): a TLS
 * listener with a server certificate made here, an operator charger CA made here, charger
 * certificates for the right id, another id, expired, another operator's CA, revoked; the proxy
 * headers believed only from TRUST_PROXY; a requested profile raised by the first connection
 * that meets it and never lowered.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { build, type TestServer } from '../support/app.js';
import { aNetwork } from '../support/builders.js';
import { charger, chargerCa, chargerCertificate, connectionAttempt } from '../../server/db/schema.js';
import { startTls, type TlsListener } from '../../server/http/tls.js';
import { EC_P256, normalSerial, x509 } from '../../server/modules/security/x509.js';
import { RPCClient } from '../../server/ocpp/rpc.js';

const DAY = 86_400_000;
const PASSWORD = 'charger-Secret-9';

interface Ca {
  cert: x509.X509Certificate;
  keys: CryptoKeyPair;
}
interface Leaf {
  certPem: string;
  keyPem: string;
  serial: string;
}

const newKeys = () => webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
const pemKey = async (k: CryptoKey) => x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', k), 'PRIVATE KEY');
let serialNo = 100;

async function aCa(name: string): Promise<Ca> {
  const keys = await newKeys();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: (serialNo++).toString(16),
    name: `CN=${name}`,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 365 * DAY),
    signingAlgorithm: EC_P256,
    keys,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  return { cert, keys };
}

async function aLeaf(ca: Ca, cn: string, o: { notBefore?: Date; notAfter?: Date; san?: string } = {}): Promise<Leaf> {
  const keys = await newKeys();
  const serial = (serialNo++).toString(16).padStart(4, '0');
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial,
    subject: `CN=${cn}`,
    issuer: ca.cert.subject,
    notBefore: o.notBefore ?? new Date(Date.now() - DAY),
    notAfter: o.notAfter ?? new Date(Date.now() + 30 * DAY),
    signingAlgorithm: EC_P256,
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    extensions: o.san ? [new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: o.san }])] : [],
  });
  return { certPem: cert.toString('pem'), keyPem: await pemKey(keys.privateKey), serial: normalSerial(serial) };
}

describe('OCPP security profiles over TLS', () => {
  let s: TestServer;
  let tls: TlsListener;
  let serverCa: Ca;
  let opCa: Ca;
  let otherCa: Ca;
  let wss: string;

  beforeAll(async () => {
    s = await build('pglite', { trustProxy: ['127.0.0.2'] });
    serverCa = await aCa('Test CSMS Root');
    const server = await aLeaf(serverCa, '127.0.0.1', { san: '127.0.0.1' });
    const dir = mkdtempSync(join(tmpdir(), 'chargedesk-tls-'));
    writeFileSync(join(dir, 'cert.pem'), server.certPem);
    writeFileSync(join(dir, 'key.pem'), server.keyPem);
    tls = await startTls(s.app, {
      files: { cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem') },
      port: 0,
      host: '127.0.0.1',
      onServer: (srv) => s.app.ocpp.attach(srv),
    });
    wss = `wss://127.0.0.1:${tls.port()}/ocpp`;
    opCa = await aCa('Operator Charger CA');
    otherCa = await aCa('Another Operator CA');
  });
  afterAll(async () => {
    await tls?.close();
    await s?.close();
  });

  /** A charger of a new operator at `profile` (with the operator's CA stored) and its serial number. */
  async function aSecureCharger(profile: number, o: { requested?: number; ca?: Ca } = {}) {
    const net = await aNetwork(s.database.db, { charger: { password: PASSWORD } });
    await s.database.db
      .update(charger)
      .set({ securityProfile: profile, securityProfileRequested: o.requested ?? null })
      .where(eq(charger.id, net.charger.id));
    const ca = o.ca ?? opCa;
    await s.database.db
      .insert(chargerCa)
      .values({ companyCode: net.company.code, certPem: ca.cert.toString('pem'), origin: 'imported', notAfter: ca.cert.notAfter });
    return { sn: net.charger.serialNum, companyCode: net.company.code };
  }

  /** 'open' or the HTTP status of the refusal (-1: no HTTP answer). */
  async function status(
    url: string,
    sn: string,
    o: { password?: string; leaf?: Leaf; headers?: Record<string, string>; localAddress?: string } = {},
  ): Promise<number | 'open'> {
    const client = new RPCClient({
      endpoint: url,
      identity: sn,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
      ...(o.password ? { password: o.password } : {}),
      ...(o.headers ? { headers: o.headers } : {}),
      wsOpts: {
        ca: serverCa.cert.toString('pem'),
        ...(o.leaf ? { cert: o.leaf.certPem, key: o.leaf.keyPem } : {}),
        ...(o.localAddress ? { localAddress: o.localAddress } : {}),
      },
      // ocpp-rpc's typings mark every option required; the library fills in defaults for the rest.
    } as Partial<ConstructorParameters<typeof RPCClient>[0]> as ConstructorParameters<typeof RPCClient>[0]);
    try {
      await client.connect();
      await client.close({ force: true });
      return 'open';
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      return typeof code === 'number' ? code : -1;
    }
  }
  const reasons = async (sn: string) =>
    (await s.database.db.select().from(connectionAttempt).where(eq(connectionAttempt.identity, sn))).map((r) => r.reason).sort();
  const profileOf = async (sn: string) =>
    (await s.database.db.select({ p: charger.securityProfile, r: charger.securityProfileRequested }).from(charger).where(eq(charger.serialNum, sn)))[0];

  it('profile 2: accepted over wss with the right password, refused on ws:// and without the password', async () => {
    const { sn } = await aSecureCharger(2);
    expect(await status(wss, sn, { password: PASSWORD })).toBe('open');
    expect(await status(s.ocppUrl, sn, { password: PASSWORD })).toBe(403);
    expect(await status(wss, sn, { password: 'wrong' })).toBe(401);
    expect(await status(wss, sn)).toBe(401);
    expect(await reasons(sn)).toEqual(['BAD_PASSWORD', 'INSECURE_CHANNEL', 'PASSWORD_REQUIRED']);
  });

  it('serves TLS 1.2+ only, with the whitepaper suites', async () => {
    const tlsMod = await import('node:tls');
    const tryVersion = (v: 'TLSv1.1' | 'TLSv1.2', ciphers?: string) =>
      new Promise<string>((resolve) => {
        const sock = tlsMod.connect(
          { host: '127.0.0.1', port: tls.port(), ca: serverCa.cert.toString('pem'), minVersion: v, maxVersion: v, ...(ciphers ? { ciphers } : {}) },
          () => {
            resolve(`${sock.getProtocol()} ${sock.getCipher().name}`);
            sock.end();
          },
        );
        sock.on('error', () => resolve('refused'));
      });
    expect(await tryVersion('TLSv1.1')).toBe('refused');
    expect(await tryVersion('TLSv1.2')).toMatch(/^TLSv1\.2 ECDHE-ECDSA-AES(128-GCM-SHA256|256-GCM-SHA384)$/);
    expect(await tryVersion('TLSv1.2', 'ECDHE-ECDSA-AES128-SHA256')).toBe('refused');
  });

  it('profile 3: accepted with a certificate for its id, refused with another id, expired, another CA, revoked, or none', async () => {
    const { sn, companyCode } = await aSecureCharger(3);
    expect(await status(wss, sn, { leaf: await aLeaf(opCa, sn) })).toBe('open');
    expect(await status(wss, sn, { leaf: await aLeaf(opCa, 'SOMEONEELSE01') })).toBe(401);
    expect(await status(wss, sn, { leaf: await aLeaf(opCa, sn, { notBefore: new Date(Date.now() - 60 * DAY), notAfter: new Date(Date.now() - DAY) }) })).toBe(
      401,
    );
    expect(await status(wss, sn, { leaf: await aLeaf(otherCa, sn) })).toBe(401);
    expect(await status(wss, sn, { password: PASSWORD })).toBe(401);
    expect(await status(s.ocppUrl, sn, { password: PASSWORD })).toBe(403);
    const revoked = await aLeaf(opCa, sn);
    expect(await status(wss, sn, { leaf: revoked })).toBe('open');
    await s.database.db.insert(chargerCertificate).values({
      companyCode,
      serialNum: sn,
      certSerial: revoked.serial,
      certPem: revoked.certPem,
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + DAY),
      revokedAt: new Date(),
    });
    expect(await status(wss, sn, { leaf: revoked })).toBe(401);
    expect(await reasons(sn)).toEqual([
      'CLIENT_CERT_EXPIRED',
      'CLIENT_CERT_IDENTITY',
      'CLIENT_CERT_REQUIRED',
      'CLIENT_CERT_REVOKED',
      'CLIENT_CERT_UNTRUSTED',
      'INSECURE_CHANNEL',
    ]);
  });

  it("another operator's charger CA does not open the socket even for the right id", async () => {
    const { sn } = await aSecureCharger(3, { ca: otherCa });
    expect(await status(wss, sn, { leaf: await aLeaf(opCa, sn) })).toBe(401);
    expect(await status(wss, sn, { leaf: await aLeaf(otherCa, sn) })).toBe('open');
  });

  it('a requested profile is raised by the first connection that meets it, and never lowered', async () => {
    const { sn } = await aSecureCharger(1, { requested: 2 });
    expect(await status(s.ocppUrl, sn, { password: PASSWORD })).toBe('open');
    expect(await profileOf(sn)).toEqual({ p: 1, r: 2 });
    expect(await status(wss, sn, { password: PASSWORD })).toBe('open');
    expect(await profileOf(sn)).toEqual({ p: 2, r: null });
    expect(await status(s.ocppUrl, sn, { password: PASSWORD })).toBe(403);
    await s.database.db.update(charger).set({ securityProfileRequested: 3 }).where(eq(charger.serialNum, sn));
    s.app.bus.emit('identityCredentials', { serialNum: sn });
    expect(await status(wss, sn, { password: PASSWORD })).toBe('open');
    expect(await profileOf(sn)).toEqual({ p: 2, r: 3 });
    expect(await status(wss, sn, { leaf: await aLeaf(opCa, sn) })).toBe('open');
    expect(await profileOf(sn)).toEqual({ p: 3, r: null });
    expect(await status(wss, sn, { password: PASSWORD })).toBe(401);
  });

  it("believes the proxy's TLS and client-certificate headers only from TRUST_PROXY", async () => {
    const { sn } = await aSecureCharger(3);
    const leaf = await aLeaf(opCa, sn);
    const headers = { 'X-Forwarded-Proto': 'https', 'X-Client-Cert': encodeURIComponent(leaf.certPem) };
    expect(await status(s.ocppUrl, sn, { headers, localAddress: '127.0.0.2' })).toBe('open');
    expect(await status(s.ocppUrl, sn, { headers, localAddress: '127.0.0.1' })).toBe(403);
    const other = await aLeaf(opCa, 'SOMEONEELSE02');
    expect(await status(s.ocppUrl, sn, { headers: { ...headers, 'X-Client-Cert': encodeURIComponent(other.certPem) }, localAddress: '127.0.0.2' })).toBe(401);
    const rows = await s.database.db
      .select()
      .from(connectionAttempt)
      .where(and(eq(connectionAttempt.identity, sn), eq(connectionAttempt.reason, 'INSECURE_CHANNEL')));
    expect(rows[0].remoteAddress).toContain('127.0.0.1');
  });

  it('reloads the certificate without dropping open sockets', async () => {
    const { sn } = await aSecureCharger(2);
    const client = new RPCClient({
      endpoint: wss,
      identity: sn,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
      password: PASSWORD,
      wsOpts: { ca: serverCa.cert.toString('pem') },
    } as Partial<ConstructorParameters<typeof RPCClient>[0]> as ConstructorParameters<typeof RPCClient>[0]);
    await client.connect();
    try {
      expect(tls.reload()).toBe(true);
      expect(await client.call('Heartbeat', {})).toHaveProperty('currentTime');
      expect(await status(wss, sn.replace(/.$/, 'X'))).toBe(404); // new handshakes still served
    } finally {
      await client.close({ force: true });
    }
  });
});
