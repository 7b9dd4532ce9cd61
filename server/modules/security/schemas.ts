/**
 * API shapes of the OCPP security routes (./routes.ts), derived from the Drizzle tables with
 * drizzle-zod where they show a row (times as ISO-8601 strings); private keys are in no shape.
 */
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { isoTime } from '../../../domain/entities/api.js';
import { chargerCertificate } from '../../db/schema.js';

/** A charger certificate as listed (`GET /sp/security/certificates`): no PEM, no key. */
export const chargerCertificateRecord = createSelectSchema(chargerCertificate, {
  notBefore: isoTime,
  notAfter: isoTime,
  revokedAt: isoTime.nullable(),
  createdAt: isoTime,
}).omit({ certPem: true, revokedBy: true });
export const chargerCertificateList = z.array(chargerCertificateRecord);

/** An operator's charger CA status (`GET /sp/security/ca`); never its key. */
export const caStatusRecord = z.object({
  companyCode: z.string(),
  present: z.boolean(),
  origin: z.string().nullable().describe('generated or imported; null without a CA'),
  subject: z.string().nullable(),
  notAfter: isoTime.nullable(),
  canSign: z.boolean().describe('a key is stored and CERT_KEY_SECRET is set: charger certificates can be signed'),
});

/** Whose CA: an operator user's own company; a platform administrator names it. */
export const companyQuery = z.object({ companyCode: z.string().min(1).max(64).optional() });

/** Generates the operator's charger CA. */
export const caGenerateInput = companyQuery.extend({ confirm: z.literal(true) });

/** Imports the operator's own CA (PEM), with its PKCS#8 key to sign charger certificates. */
export const caImportInput = companyQuery.extend({
  certificate: z.string().min(1).max(20_000),
  privateKey: z.string().min(1).max(20_000).optional(),
  confirm: z.literal(true),
});

export const certificateFilters = companyQuery.extend({ serialNum: z.string().min(1).max(64).optional() });

/** Revocation must be confirmed. */
export const confirmInput = z.object({ confirm: z.literal(true) });

/**
 * A charger's security profile: `request` records a higher profile the next fitting connection
 * raises it to (never lowers); `set` stores it at once (lowering included) and needs `confirm`
 * (866 without).
 */
export const securityProfileInput = z.object({
  profile: z.number().int().min(0).max(3),
  mode: z.enum(['request', 'set']),
  confirm: z.boolean().optional(),
});
export const securityProfileRecord = z.object({
  id: z.number().int(),
  serialNum: z.string(),
  securityProfile: z.number().int(),
  securityProfileRequested: z.number().int().nullable(),
});

/** InstallCertificate to a charger (whitepaper types). */
export const installCertificateInput = z.object({
  certificateType: z.enum(['CentralSystemRootCertificate', 'ManufacturerRootCertificate']),
  certificate: z.string().min(1).max(5500),
  confirm: z.literal(true),
});
export const installCertificateAnswer = z.object({ status: z.enum(['Accepted', 'Failed', 'Rejected']) });

/** A certificate as a charger names it (whitepaper CertificateHashDataType). */
export const certificateHashData = z.object({
  hashAlgorithm: z.enum(['SHA256', 'SHA384', 'SHA512']),
  issuerNameHash: z.string().min(1).max(128),
  issuerKeyHash: z.string().min(1).max(128),
  serialNumber: z.string().min(1).max(40),
});
/** GetInstalledCertificateIds: which type (default the CSMS roots). */
export const installedCertificatesInput = z.object({
  certificateType: z.enum(['CentralSystemRootCertificate', 'ManufacturerRootCertificate']).default('CentralSystemRootCertificate'),
});
export const installedCertificatesAnswer = z.object({ status: z.enum(['Accepted', 'NotFound']), certificateHashData: z.array(certificateHashData) });
/** DeleteCertificate on a charger, confirmed. */
export const deleteCertificateInput = z.object({ certificateHashData, confirm: z.literal(true) });
export const deleteCertificateAnswer = z.object({ status: z.enum(['Accepted', 'Failed', 'NotFound']) });
/** ExtendedTriggerMessage(SignChargePointCertificate): the charger's answer. */
export const triggerAnswer = z.object({ status: z.enum(['Accepted', 'Rejected', 'NotImplemented']) });
