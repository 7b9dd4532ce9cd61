/**
 * SignCertificate (OCPP 1.6 security whitepaper; requirements R10.44): the charger sends a CSR for
 * its client certificate. The CSR is checked (../../modules/security/certificates.ts: signature,
 * key type and size, subject CN = chargeBoxId, O = the operator's company name) and the operator's
 * charger CA must be able to sign (a key stored, `CERT_KEY_SECRET` set): else `Rejected` (logged
 * with the reason). `Accepted`, then the certificate is signed and sent with CertificateSigned
 * (the chain: the charger certificate, then the CA); the charger's answer is in the charger log.
 */
import { caStatus, checkCsr, signChargerCsr } from '../../modules/security/certificates.js';
import { commandTo } from '../../modules/command/service.js';
import type { OcppHandler } from '../context.js';

export interface SignCertificateReq {
  csr: string;
}
export interface SignCertificateConf {
  status: 'Accepted' | 'Rejected';
}

export const signCertificate: OcppHandler<SignCertificateReq, SignCertificateConf> = async (ctx, { csr }) => {
  const { app, charger } = ctx;
  const secret = app.config.certKeySecret;
  const checked = await checkCsr(app.db, charger.companyCode, charger.serialNum, csr);
  if (typeof checked === 'string') {
    ctx.log.warn({ reason: checked }, 'SignCertificate rejected: the CSR does not fit');
    return { status: 'Rejected' };
  }
  if (!(await caStatus(app.db, charger.companyCode, secret)).canSign) {
    ctx.log.warn('SignCertificate rejected: the operator has no charger CA that can sign (a CA key and CERT_KEY_SECRET)');
    return { status: 'Rejected' };
  }
  // After the answer is on its way: sign and send the chain.
  setImmediate(() => {
    void (async () => {
      const { chainPem, certSerial } = await signChargerCsr(app.db, charger.companyCode, charger.serialNum, csr, secret);
      ctx.log.info({ certSerial }, 'charger certificate signed');
      await commandTo(app, 'system', charger, 'CertificateSigned', { certificateChain: chainPem });
    })().catch((err: unknown) => ctx.log.warn({ err }, 'charger certificate not signed or not delivered'));
  });
  return { status: 'Accepted' };
};
