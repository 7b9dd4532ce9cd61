/**
 * OCPP security tables (docs/ocpp.md "Security profiles"; requirements R10.41–R10.44): per
 * operator, the charger CA that issues and verifies charger (client) certificates, and every
 * charger certificate ChargeDesk issued or was told about, with its revocation. Private keys are
 * stored encrypted (AES-256-GCM, server/modules/security/key-box.ts), never in clear.
 */
import { index, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

/** An operator's charger CA: the certificate chargers' client certificates must chain to (profile 3). */
export const chargerCa = pgTable('charger_ca', {
  id: serial('id').primaryKey(),
  companyCode: text('company_code').notNull().unique(),
  /** The CA certificate, PEM. */
  certPem: text('cert_pem').notNull(),
  /** The CA private key (PKCS#8), AES-256-GCM encrypted: `v1:<iv>:<tag>:<ciphertext>` base64; null when only the certificate was imported. */
  keyEncrypted: text('key_encrypted'),
  /** `generated` or `imported`. */
  origin: text('origin').notNull(),
  notAfter: ts('not_after').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A charger (client) certificate issued by, or registered under, an operator's CA; revoked ones are refused at the handshake. */
export const chargerCertificate = pgTable(
  'charger_certificate',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    /** The chargeBoxId of its subject CN. */
    serialNum: text('serial_num').notNull(),
    /** The certificate's serial number, lower-case hex without leading zeros. */
    certSerial: text('cert_serial').notNull(),
    certPem: text('cert_pem').notNull(),
    notBefore: ts('not_before').notNull(),
    notAfter: ts('not_after').notNull(),
    revokedAt: ts('revoked_at'),
    /** The user who revoked it. */
    revokedBy: integer('revoked_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique('charger_certificate_serial').on(t.companyCode, t.certSerial), index('charger_certificate_charger').on(t.serialNum)],
);
