/**
 * X.509 for the OCPP security profiles (requirements R10.41–R10.44): @peculiar/x509 on Node's
 * WebCrypto (no hand-written ASN.1). Import from here, never '@peculiar/x509' directly, so the
 * reflect-metadata polyfill and the crypto provider are set before any use.
 */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// Node's WebCrypto is the standard Crypto; the library's type names the DOM one.
x509.cryptoProvider.set(webcrypto as unknown as Crypto);

export { x509 };

/** ECDSA P-256 with SHA-256: the algorithm of generated CAs and keys. */
export const EC_P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

/** A certificate's serial number as stored: lower-case hex without leading zeros ('0' for zero). */
export function normalSerial(hex: string): string {
  return hex.toLowerCase().replace(/^0+/, '') || '0';
}

/** The first subject CN of `cert`, or null. */
export function subjectCn(cert: x509.X509Certificate): string | null {
  return cert.subjectName.getField('CN')[0] ?? null;
}

/** Parses a certificate given as PEM text or DER bytes; null when it is not one. */
export function parseCertificate(data: string | Buffer | Uint8Array): x509.X509Certificate | null {
  try {
    return new x509.X509Certificate(typeof data === 'string' ? data : new Uint8Array(data));
  } catch {
    return null;
  }
}
