/**
 * Certificates per operator (requirements R10.42–R10.44; docs/ocpp.md "Certificates"):
 * - the operator's **charger CA** (`charger_ca`): generated (ECDSA P-256, 10 years, subject
 *   `CN=<company name> Charger CA, O=<company name>`) or imported (certificate, with or without
 *   its key); its private key sealed with `CERT_KEY_SECRET` (./key-box.ts), never answered;
 * - **charger certificates** (`charger_certificate`): a charger's CSR (SignCertificate) is checked
 *   — signature, key (ECDSA P-256 / P-384, or RSA of 2048 bits or more), subject CN = chargeBoxId,
 *   O = the operator's company name — and signed by the CA for `CHARGER_CERT_DAYS`; revocation
 *   marks the row and the next profile-3 handshake with it is refused (../../ocpp/client-cert.ts).
 * Codes: 860 (no CERT_KEY_SECRET), 861 (a CA exists), 862 (no CA that can sign), 863 (not a CA
 * certificate, or the key does not match it), 864 (CSR refused; data: the reason), 865
 * (certificate not found).
 */
import { webcrypto } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { chargerCa, chargerCertificate, company } from '../../db/schema.js';
import { AppError } from '../../../domain/app-error.js';
import { open, seal } from './key-box.js';
import { EC_P256, normalSerial, parseCertificate, subjectCn, x509 } from './x509.js';

/** Days a generated charger CA is valid. */
export const CA_DAYS = 3650;
/** Days a charger certificate signed by ChargeDesk is valid. */
export const CHARGER_CERT_DAYS = 365;
const DAY = 86_400_000;

/** Why a CSR is refused (AppError 864's data). */
export type CsrRefusal = 'MALFORMED' | 'BAD_SIGNATURE' | 'KEY_TYPE' | 'SUBJECT_CN' | 'SUBJECT_O';

/** What the console sees of an operator's CA (never its key). */
export interface CaStatus {
  companyCode: string;
  present: boolean;
  origin: string | null;
  subject: string | null;
  notAfter: Date | null;
  /** A key is stored (and CERT_KEY_SECRET set): it can sign charger certificates. */
  canSign: boolean;
}

const randomSerial = () => {
  const b = webcrypto.getRandomValues(new Uint8Array(16));
  b[0] &= 0x7f; // positive
  return Buffer.from(b).toString('hex');
};

async function companyName(db: Db, companyCode: string): Promise<string> {
  const [row] = await db.select({ name: company.name }).from(company).where(eq(company.code, companyCode));
  return row?.name ?? companyCode;
}

/** The CA status of `companyCode`. */
export async function caStatus(db: Db, companyCode: string, secret: string | undefined): Promise<CaStatus> {
  const [row] = await db.select().from(chargerCa).where(eq(chargerCa.companyCode, companyCode));
  if (!row) return { companyCode, present: false, origin: null, subject: null, notAfter: null, canSign: false };
  return {
    companyCode,
    present: true,
    origin: row.origin,
    subject: parseCertificate(row.certPem)?.subject ?? null,
    notAfter: row.notAfter,
    canSign: !!row.keyEncrypted && !!secret,
  };
}

/**
 * Generates the charger CA of `companyCode` (ECDSA P-256, self-signed, CA_DAYS).
 * @throws AppError 860 without a secret, 861 when the operator has one.
 */
export async function generateCa(db: Db, companyCode: string, secret: string | undefined, now = new Date()): Promise<CaStatus> {
  if (!secret) throw new AppError(860);
  const [existing] = await db.select({ id: chargerCa.id }).from(chargerCa).where(eq(chargerCa.companyCode, companyCode));
  if (existing) throw new AppError(861);
  const org = (await companyName(db, companyCode)).replace(/[,+="<>#;\\]/g, ' ');
  const keys = await webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=${org} Charger CA, O=${org}`,
    notBefore: now,
    notAfter: new Date(now.getTime() + CA_DAYS * DAY),
    signingAlgorithm: EC_P256,
    keys: keys as unknown as CryptoKeyPair,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey as unknown as CryptoKey),
    ],
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  await db
    .insert(chargerCa)
    .values({ companyCode, certPem: cert.toString('pem'), keyEncrypted: seal(pkcs8, secret), origin: 'generated', notAfter: cert.notAfter });
  return caStatus(db, companyCode, secret);
}

/** Imports a CryptoKey from a PKCS#8 PEM for the algorithm of `cert`'s key. */
async function importKeyFor(cert: x509.X509Certificate, pkcs8: Buffer): Promise<CryptoKey> {
  const alg = cert.publicKey.algorithm as { name: string; namedCurve?: string };
  const params = alg.name === 'ECDSA' ? { name: 'ECDSA', namedCurve: alg.namedCurve } : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  return webcrypto.subtle.importKey('pkcs8', pkcs8, params, true, ['sign']) as unknown as Promise<CryptoKey>;
}

function signingAlgorithmOf(cert: x509.X509Certificate): Algorithm & { hash: string } {
  const alg = cert.publicKey.algorithm as { name: string };
  return alg.name === 'ECDSA' ? { name: 'ECDSA', hash: 'SHA-256' } : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
}

/**
 * Imports the operator's own CA: a CA certificate (basic constraints cA) and, to sign with it, its
 * private key (PKCS#8 PEM) that must match it.
 * @throws AppError 861 when the operator has a CA, 863 when the certificate or key is unfit, 860 with a key but no secret.
 */
export async function importCa(db: Db, companyCode: string, secret: string | undefined, certPem: string, keyPem?: string): Promise<CaStatus> {
  const cert = parseCertificate(certPem);
  const basic = cert?.getExtension(x509.BasicConstraintsExtension);
  if (!cert || !basic?.ca) throw new AppError(863, 'certificate');
  let keyEncrypted: string | null = null;
  if (keyPem) {
    if (!secret) throw new AppError(860);
    try {
      const der = Buffer.from(x509.PemConverter.decode(keyPem)[0]);
      const key = await importKeyFor(cert, der);
      const probe = await x509.X509CertificateGenerator.createSelfSigned({
        serialNumber: '01',
        name: 'CN=probe',
        notBefore: new Date(),
        notAfter: new Date(Date.now() + DAY),
        signingAlgorithm: signingAlgorithmOf(cert),
        keys: { privateKey: key, publicKey: await cert.publicKey.export() } as CryptoKeyPair,
      });
      if (!(await probe.verify({ publicKey: cert.publicKey, signatureOnly: true }))) throw new Error('mismatch');
      keyEncrypted = seal(der, secret);
    } catch {
      throw new AppError(863, 'key');
    }
  }
  const [existing] = await db.select({ id: chargerCa.id }).from(chargerCa).where(eq(chargerCa.companyCode, companyCode));
  if (existing) throw new AppError(861);
  await db.insert(chargerCa).values({ companyCode, certPem: cert.toString('pem'), keyEncrypted, origin: 'imported', notAfter: cert.notAfter });
  return caStatus(db, companyCode, secret);
}

/** Checks a CSR for `identity` of `companyCode`; the parsed request, or the refusal reason. */
export async function checkCsr(db: Db, companyCode: string, identity: string, csrPem: string): Promise<x509.Pkcs10CertificateRequest | CsrRefusal> {
  let csr: x509.Pkcs10CertificateRequest;
  try {
    csr = new x509.Pkcs10CertificateRequest(csrPem);
  } catch {
    return 'MALFORMED';
  }
  if (!(await csr.verify().catch(() => false))) return 'BAD_SIGNATURE';
  const alg = csr.publicKey.algorithm as { name: string; namedCurve?: string; modulusLength?: number };
  const keyOk =
    (alg.name === 'ECDSA' && (alg.namedCurve === 'P-256' || alg.namedCurve === 'P-384')) || (alg.name.startsWith('RSA') && (alg.modulusLength ?? 0) >= 2048);
  if (!keyOk) return 'KEY_TYPE';
  if (csr.subjectName.getField('CN')[0] !== identity) return 'SUBJECT_CN';
  if (csr.subjectName.getField('O')[0] !== (await companyName(db, companyCode))) return 'SUBJECT_O';
  return csr;
}

/**
 * Signs a charger's CSR with its operator's CA and records the certificate.
 * @returns the certificate chain, PEM (the charger certificate, then the CA).
 * @throws AppError 864 (data: {@link CsrRefusal}), 862 (no CA that can sign), 860.
 */
export async function signChargerCsr(
  db: Db,
  companyCode: string,
  identity: string,
  csrPem: string,
  secret: string | undefined,
  now = new Date(),
): Promise<{ chainPem: string; certSerial: string }> {
  const csr = await checkCsr(db, companyCode, identity, csrPem);
  if (typeof csr === 'string') throw new AppError(864, 'csr', csr);
  if (!secret) throw new AppError(860);
  const [ca] = await db.select().from(chargerCa).where(eq(chargerCa.companyCode, companyCode));
  const caCert = ca ? parseCertificate(ca.certPem) : null;
  if (!ca || !caCert || !ca.keyEncrypted) throw new AppError(862);
  let signingKey: CryptoKey;
  try {
    signingKey = await importKeyFor(caCert, open(ca.keyEncrypted, secret));
  } catch {
    throw new AppError(862);
  }
  const notAfter = new Date(Math.min(now.getTime() + CHARGER_CERT_DAYS * DAY, caCert.notAfter.getTime()));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: csr.subject,
    issuer: caCert.subject,
    notBefore: now,
    notAfter,
    signingAlgorithm: signingAlgorithmOf(caCert),
    publicKey: csr.publicKey,
    signingKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyAgreement, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
    ],
  });
  const certSerial = normalSerial(cert.serialNumber);
  await db.insert(chargerCertificate).values({
    companyCode,
    serialNum: subjectCn(cert) ?? identity,
    certSerial,
    certPem: cert.toString('pem'),
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
  });
  return { chainPem: `${cert.toString('pem')}\n${caCert.toString('pem')}\n`, certSerial };
}

/** The charger certificates of `companyCode` (optionally of one charger), newest first, without keys (ChargeDesk never holds a charger's key). */
export async function listChargerCertificates(db: Db, companyCode: string, serialNum?: string) {
  return db
    .select({
      id: chargerCertificate.id,
      serialNum: chargerCertificate.serialNum,
      certSerial: chargerCertificate.certSerial,
      notBefore: chargerCertificate.notBefore,
      notAfter: chargerCertificate.notAfter,
      revokedAt: chargerCertificate.revokedAt,
      createdAt: chargerCertificate.createdAt,
    })
    .from(chargerCertificate)
    .where(
      serialNum
        ? and(eq(chargerCertificate.companyCode, companyCode), eq(chargerCertificate.serialNum, serialNum))
        : eq(chargerCertificate.companyCode, companyCode),
    )
    .orderBy(desc(chargerCertificate.id))
    .limit(500);
}

/**
 * Revokes certificate `id` of `companyCode` (by user `by`); the next profile-3 handshake with it is refused.
 * @throws AppError 865 when it is not the operator's.
 */
export async function revokeChargerCertificate(db: Db, companyCode: string, id: number, by: number, now = new Date()): Promise<{ serialNum: string }> {
  const [row] = await db
    .update(chargerCertificate)
    .set({ revokedAt: now, revokedBy: by })
    .where(and(eq(chargerCertificate.id, id), eq(chargerCertificate.companyCode, companyCode)))
    .returning({ serialNum: chargerCertificate.serialNum });
  if (!row) throw new AppError(865);
  return row;
}
