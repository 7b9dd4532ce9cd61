/**
 * Security profile 3 (requirements R10.42; docs/ocpp.md "Security profiles"): is the client
 * certificate a charger presented fit to open its socket? It must be signed by the charger CA of
 * the charger's operator (`charger_ca`), be within its validity now, not be revoked
 * (`charger_certificate.revoked_at`), and its subject CN must equal the chargeBoxId.
 * The certificate comes from the TLS socket (TLS in the process) or, from a `TRUST_PROXY`
 * address only, from the proxy's header (./channel.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { chargerCa, chargerCertificate } from '../db/schema.js';
import { normalSerial, parseCertificate, subjectCn } from '../modules/security/x509.js';

/** Why a client certificate does not open the socket (stored in connection_attempt.reason). */
export type CertRefusal = 'CLIENT_CERT_REQUIRED' | 'CLIENT_CERT_UNTRUSTED' | 'CLIENT_CERT_EXPIRED' | 'CLIENT_CERT_REVOKED' | 'CLIENT_CERT_IDENTITY';

/**
 * Checks `cert` (PEM or DER; null: none presented) for `identity` of `companyCode`.
 * @returns null when it is fit, else the refusal reason.
 */
export async function checkClientCertificate(
  db: Db,
  companyCode: string,
  identity: string,
  cert: string | Buffer | null,
  now = new Date(),
): Promise<CertRefusal | null> {
  if (!cert) return 'CLIENT_CERT_REQUIRED';
  const parsed = parseCertificate(cert);
  if (!parsed) return 'CLIENT_CERT_UNTRUSTED';
  const [ca] = await db.select({ certPem: chargerCa.certPem }).from(chargerCa).where(eq(chargerCa.companyCode, companyCode));
  const caCert = ca ? parseCertificate(ca.certPem) : null;
  if (!caCert) return 'CLIENT_CERT_UNTRUSTED';
  const signed = parsed.issuer === caCert.subject && (await parsed.verify({ publicKey: caCert.publicKey, signatureOnly: true }).catch(() => false));
  if (!signed) return 'CLIENT_CERT_UNTRUSTED';
  if (parsed.notBefore > now || parsed.notAfter < now || caCert.notAfter < now) return 'CLIENT_CERT_EXPIRED';
  if (subjectCn(parsed) !== identity) return 'CLIENT_CERT_IDENTITY';
  const [known] = await db
    .select({ revokedAt: chargerCertificate.revokedAt })
    .from(chargerCertificate)
    .where(and(eq(chargerCertificate.companyCode, companyCode), eq(chargerCertificate.certSerial, normalSerial(parsed.serialNumber))));
  if (known?.revokedAt) return 'CLIENT_CERT_REVOKED';
  return null;
}
