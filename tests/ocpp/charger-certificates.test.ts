/**
 * Charger certificates (requirements R10.43–R10.44): an operator's charger CA generated with its key
 * sealed; a charger on profile 2 with profile 3 requested sends SignCertificate with a CSR, gets
 * CertificateSigned, reconnects over mutual TLS with the new certificate (its profile is raised to
 * 3), and is refused once the certificate is revoked. CSRs for another id or organisation are
 * Rejected. Real TLS on loopback, certificates made in the test.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { build, type TestServer } from '../support/app.js';
import { aNetwork } from '../support/builders.js';
import { charger, chargerCa } from '../../server/db/schema.js';
import { startTls, type TlsListener } from '../../server/http/tls.js';
import { EC_P256, x509 } from '../../server/modules/security/x509.js';
import { generateCa, importCa, listChargerCertificates, revokeChargerCertificate } from '../../server/modules/security/certificates.js';
import { open } from '../../server/modules/security/key-box.js';
import { RPCClient, type RpcClient } from '../../server/ocpp/rpc.js';
import { eventually } from './helpers.js';

const SECRET = 'test-cert-key-secret';
const PASSWORD = 'charger-Secret-9';
const DAY = 86_400_000;

describe('charger certificates: SignCertificate → CertificateSigned → mutual TLS', () => {
  let s: TestServer;
  let tls: TlsListener;
  let rootPem: string;
  let wss: string;

  beforeAll(async () => {
    s = await build('pglite', { certKeySecret: SECRET });
    const keys = (await webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify'])) as CryptoKeyPair;
    const root = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=127.0.0.1',
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + DAY),
      signingAlgorithm: EC_P256,
      keys,
      extensions: [new x509.SubjectAlternativeNameExtension([{ type: 'ip', value: '127.0.0.1' }])],
    });
    rootPem = root.toString('pem');
    const dir = mkdtempSync(join(tmpdir(), 'chargedesk-tls-'));
    writeFileSync(join(dir, 'cert.pem'), rootPem);
    writeFileSync(join(dir, 'key.pem'), x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY'));
    tls = await startTls(s.app, {
      files: { cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem') },
      port: 0,
      host: '127.0.0.1',
      onServer: (srv) => s.app.ocpp.attach(srv),
    });
    wss = `wss://127.0.0.1:${tls.port()}/ocpp`;
  });
  afterAll(async () => {
    await tls?.close();
    await s?.close();
  });

  function client(sn: string, o: { password?: string; cert?: string; key?: string } = {}): RpcClient {
    return new RPCClient({
      endpoint: wss,
      identity: sn,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
      ...(o.password ? { password: o.password } : {}),
      wsOpts: { ca: rootPem, ...(o.cert ? { cert: o.cert, key: o.key } : {}) },
      // ocpp-rpc's typings mark every option required; the library fills in defaults for the rest.
    } as Partial<ConstructorParameters<typeof RPCClient>[0]> as ConstructorParameters<typeof RPCClient>[0]);
  }
  async function aCsr(cn: string, o: string) {
    const keys = (await webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify'])) as CryptoKeyPair;
    const csr = await x509.Pkcs10CertificateRequestGenerator.create({ name: `CN=${cn}, O=${o}`, keys, signingAlgorithm: EC_P256 });
    return { csr: csr.toString('pem'), keyPem: x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY') };
  }

  it('generates a CA whose key is sealed with CERT_KEY_SECRET', async () => {
    const net = await aNetwork(s.database.db);
    const status = await generateCa(s.database.db, net.company.code, SECRET);
    expect(status).toMatchObject({ present: true, origin: 'generated', canSign: true });
    const [row] = await s.database.db.select().from(chargerCa).where(eq(chargerCa.companyCode, net.company.code));
    expect(row.keyEncrypted).toMatch(/^v1:/);
    expect(row.keyEncrypted).not.toContain('PRIVATE KEY');
    expect(open(row.keyEncrypted!, SECRET).length).toBeGreaterThan(100);
    expect(() => open(row.keyEncrypted!, 'another secret')).toThrow();
  });

  it("imports an operator's own CA only with a key that matches it", async () => {
    const pair = async () => webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
    const keys = await pair();
    const ca = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '0a',
      name: 'CN=Own CA, O=Own',
      notBefore: new Date(Date.now() - DAY),
      notAfter: new Date(Date.now() + 365 * DAY),
      signingAlgorithm: EC_P256,
      keys,
      extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
    });
    const pem = async (k: CryptoKey) => x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', k), 'PRIVATE KEY');
    const a = await aNetwork(s.database.db);
    await expect(importCa(s.database.db, a.company.code, SECRET, ca.toString('pem'), await pem((await pair()).privateKey))).rejects.toMatchObject({
      code: 863,
    });
    await expect(importCa(s.database.db, a.company.code, SECRET, rootPem)).rejects.toMatchObject({ code: 863 }); // not a CA
    expect(await importCa(s.database.db, a.company.code, SECRET, ca.toString('pem'), await pem(keys.privateKey))).toMatchObject({
      origin: 'imported',
      canSign: true,
    });
    const b = await aNetwork(s.database.db);
    expect(await importCa(s.database.db, b.company.code, undefined, ca.toString('pem'))).toMatchObject({ origin: 'imported', canSign: false });
  });

  it("signs a charger's CSR, and the charger reconnects on profile 3 with it until it is revoked", async () => {
    const net = await aNetwork(s.database.db, { charger: { password: PASSWORD } });
    const sn = net.charger.serialNum;
    await generateCa(s.database.db, net.company.code, SECRET);
    await s.database.db.update(charger).set({ securityProfile: 2, securityProfileRequested: 3 }).where(eq(charger.id, net.charger.id));

    const cp = client(sn, { password: PASSWORD });
    const chains: string[] = [];
    cp.handle('CertificateSigned', async ({ params }) => {
      chains.push(String(params?.certificateChain));
      return { status: 'Accepted' };
    });
    await cp.connect();
    try {
      expect(await cp.call('SignCertificate', { csr: (await aCsr('SOMEONEELSE01', net.company.name)).csr })).toEqual({ status: 'Rejected' });
      expect(await cp.call('SignCertificate', { csr: (await aCsr(sn, 'Another Org')).csr })).toEqual({ status: 'Rejected' });
      const mine = await aCsr(sn, net.company.name);
      expect(await cp.call('SignCertificate', { csr: mine.csr })).toEqual({ status: 'Accepted' });
      const chain = await eventually(async () => chains[0]);
      const leaf = new x509.X509Certificate(x509.PemConverter.decode(chain)[0]);
      expect(leaf.subjectName.getField('CN')).toEqual([sn]);
      await cp.close({ force: true });

      const mtls = client(sn, { cert: chain, key: mine.keyPem });
      await mtls.connect();
      await mtls.close({ force: true });
      const [row] = await s.database.db
        .select({ p: charger.securityProfile, r: charger.securityProfileRequested })
        .from(charger)
        .where(eq(charger.id, net.charger.id));
      expect(row).toEqual({ p: 3, r: null });

      const [issued] = await listChargerCertificates(s.database.db, net.company.code, sn);
      expect(issued.revokedAt).toBeNull();
      await revokeChargerCertificate(s.database.db, net.company.code, issued.id, 1);
      const refused = client(sn, { cert: chain, key: mine.keyPem });
      await expect(refused.connect()).rejects.toMatchObject({ code: 401 });
    } finally {
      await cp.close({ force: true });
    }
  });

  it('serves the console: CA status without its key, generate, list, revoke, profile changes confirmed, InstallCertificate', async () => {
    const token = await s.login();
    const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
      const res = await s.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      return res.json() as { code: number; data: Record<string, unknown> & Array<Record<string, unknown>> };
    };
    const net = await aNetwork(s.database.db, { charger: { password: PASSWORD } });
    const sn = net.charger.serialNum;
    const co = net.company.code;
    expect((await api('GET', `/sp/security/ca?companyCode=${co}`)).data).toMatchObject({ present: false, canSign: false });
    expect((await api('GET', '/sp/security/ca')).code).toBe(400);
    expect((await api('POST', '/sp/security/ca/generate', { companyCode: co })).code).toBe(400);
    const generated = await api('POST', '/sp/security/ca/generate', { companyCode: co, confirm: true });
    expect(generated.data).toMatchObject({ present: true, origin: 'generated', canSign: true });
    expect(JSON.stringify(generated)).not.toMatch(/PRIVATE|key_?encrypted/i);
    expect((await api('POST', '/sp/security/ca/generate', { companyCode: co, confirm: true })).code).toBe(861);

    expect((await api('PUT', `/sp/charger/${net.charger.id}/security-profile`, { profile: 0, mode: 'set' })).code).toBe(866);
    expect((await api('PUT', `/sp/charger/${net.charger.id}/security-profile`, { profile: 1, mode: 'request' })).code).toBe(400);
    expect((await api('PUT', `/sp/charger/${net.charger.id}/security-profile`, { profile: 3, mode: 'request' })).data).toMatchObject({
      securityProfile: 1,
      securityProfileRequested: 3,
    });

    const cp = client(sn, { password: PASSWORD });
    const installed: string[] = [];
    cp.handle('InstallCertificate', async ({ params }) => {
      installed.push(String(params?.certificateType));
      return { status: 'Accepted' };
    });
    let chain = '';
    cp.handle('CertificateSigned', async ({ params }) => {
      chain = String(params?.certificateChain);
      return { status: 'Accepted' };
    });
    await cp.connect();
    try {
      expect(
        (
          await api('POST', `/sp/charger/${net.charger.id}/install-certificate`, {
            certificateType: 'CentralSystemRootCertificate',
            certificate: rootPem,
            confirm: true,
          })
        ).data,
      ).toEqual({ status: 'Accepted' });
      expect(installed).toEqual(['CentralSystemRootCertificate']);
      const hash = { hashAlgorithm: 'SHA256', issuerNameHash: 'aa', issuerKeyHash: 'bb', serialNumber: '01' };
      cp.handle('GetInstalledCertificateIds', async () => ({ status: 'Accepted', certificateHashData: [hash] }));
      cp.handle('DeleteCertificate', async ({ params }) => ({
        status: (params?.certificateHashData as { serialNumber?: string })?.serialNumber === '01' ? 'Accepted' : 'NotFound',
      }));
      cp.handle('ExtendedTriggerMessage', async ({ params }) => ({
        status: params?.requestedMessage === 'SignChargePointCertificate' ? 'Accepted' : 'Rejected',
      }));
      expect((await api('POST', `/sp/charger/${net.charger.id}/installed-certificates`, {})).data).toEqual({ status: 'Accepted', certificateHashData: [hash] });
      expect((await api('POST', `/sp/charger/${net.charger.id}/delete-certificate`, { certificateHashData: hash })).code).toBe(400);
      expect((await api('POST', `/sp/charger/${net.charger.id}/delete-certificate`, { certificateHashData: hash, confirm: true })).data).toEqual({
        status: 'Accepted',
      });
      expect((await api('POST', `/sp/charger/${net.charger.id}/renew-certificate`, {})).data).toEqual({ status: 'Accepted' });
      expect(await cp.call('SignCertificate', { csr: (await aCsr(sn, net.company.name)).csr })).toEqual({ status: 'Accepted' });
      await eventually(async () => chain);
    } finally {
      await cp.close({ force: true });
    }
    const list = await api('GET', `/sp/security/certificates?companyCode=${co}&serialNum=${sn}`);
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({ serialNum: sn, revokedAt: null });
    expect(JSON.stringify(list)).not.toContain('BEGIN');
    expect((await api('POST', `/sp/security/certificates/${list.data[0].id}/revoke?companyCode=${co}`, {})).code).toBe(400);
    expect((await api('POST', `/sp/security/certificates/${list.data[0].id}/revoke?companyCode=${co}`, { confirm: true })).data).toMatchObject({
      serialNum: sn,
    });
    expect((await api('POST', `/sp/security/certificates/999999/revoke?companyCode=${co}`, { confirm: true })).code).toBe(865);
    expect((await api('PUT', `/sp/charger/${net.charger.id}/security-profile`, { profile: 1, mode: 'set', confirm: true })).data).toMatchObject({
      securityProfile: 1,
      securityProfileRequested: null,
    });
  });
});
