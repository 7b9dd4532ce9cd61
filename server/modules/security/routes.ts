/**
 * OCPP security for the console (requirements R10.41–R10.44; docs/ocpp.md "Security profiles",
 * "Certificates"), permission `menu:stations:stationprofile`; an operator user acts on its own
 * company, a platform administrator names it (`companyCode`, 400 without):
 * - `GET /sp/security/ca` the charger CA's status (never its key); `POST /sp/security/ca/generate`
 *   `{ confirm: true }`; `POST /sp/security/ca/import` `{ certificate, privateKey?, confirm: true }`
 *   (860–863);
 * - `GET /sp/security/certificates?serialNum=` the charger certificates (no PEM, no key);
 *   `POST /sp/security/certificates/{id}/revoke` `{ confirm: true }` (865);
 * - `PUT /sp/charger/{id}/security-profile` `{ profile, mode: 'request' | 'set', confirm }`
 *   (866 for `set` without confirm; a `request` at or below the current profile is 400);
 * - `POST /sp/charger/{id}/install-certificate` `{ certificateType, certificate, confirm: true }`:
 *   InstallCertificate to a connected charger; `POST /sp/charger/{id}/installed-certificates`
 *   `{ certificateType? }` GetInstalledCertificateIds; `POST /sp/charger/{id}/delete-certificate`
 *   `{ certificateHashData, confirm: true }` DeleteCertificate; `POST /sp/charger/{id}/renew-certificate`
 *   ExtendedTriggerMessage(SignChargePointCertificate): the charger sends SignCertificate (718 / 719 / 720).
 * Rules: ./certificates.ts. Every change is logged with who did it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { answersWith, idParams } from '../../../domain/entities/api.js';
import { PERMISSIONS } from '../../../domain/permissions.js';
import { authOf, type AuthContext } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { assertFilterInScope } from '../../http/scope.js';
import { chargerForWrite } from '../charger/service.js';
import { commandTo } from '../command/service.js';
import { caStatus, generateCa, importCa, listChargerCertificates, revokeChargerCertificate, type CaStatus } from './certificates.js';
import { setSecurityProfile } from './service.js';
import {
  caGenerateInput,
  caImportInput,
  type certificateHashData,
  caStatusRecord,
  certificateFilters,
  chargerCertificateList,
  chargerCertificateRecord,
  companyQuery,
  confirmInput,
  deleteCertificateAnswer,
  deleteCertificateInput,
  installCertificateAnswer,
  installCertificateInput,
  installedCertificatesAnswer,
  installedCertificatesInput,
  securityProfileInput,
  securityProfileRecord,
  triggerAnswer,
} from './schemas.js';

const permission = PERMISSIONS.stations.profile;
const tags = ['security'];

/** The company acted on: the caller's own, or (administrator) the one named; 400 / 709 otherwise. */
function companyOf(auth: AuthContext, named: string | undefined): string {
  if (named) assertFilterInScope(auth, { companyCode: named });
  const code = auth.companyCode ?? named;
  if (!code) throw new AppError(400, 'companyCode');
  return code;
}

const caAnswer = (s: CaStatus) => ({ ...s, notAfter: s.notAfter?.toISOString() ?? null });

const securityRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const secret = () => app.config.certKeySecret;

  r.get('/security/ca', { config: { permission }, schema: { tags, querystring: companyQuery, response: answersWith(caStatusRecord) } }, async (req) =>
    ok(req, caAnswer(await caStatus(app.db, companyOf(authOf(req), req.query.companyCode), secret()))),
  );

  r.post('/security/ca/generate', { config: { permission }, schema: { tags, body: caGenerateInput, response: answersWith(caStatusRecord) } }, async (req) => {
    const auth = authOf(req);
    const companyCode = companyOf(auth, req.body.companyCode);
    const status = await generateCa(app.db, companyCode, secret());
    req.log.info({ companyCode, by: auth.username }, 'charger CA generated');
    return ok(req, caAnswer(status));
  });

  r.post('/security/ca/import', { config: { permission }, schema: { tags, body: caImportInput, response: answersWith(caStatusRecord) } }, async (req) => {
    const auth = authOf(req);
    const companyCode = companyOf(auth, req.body.companyCode);
    const status = await importCa(app.db, companyCode, secret(), req.body.certificate, req.body.privateKey);
    req.log.info({ companyCode, by: auth.username, withKey: !!req.body.privateKey }, 'charger CA imported');
    return ok(req, caAnswer(status));
  });

  r.get(
    '/security/certificates',
    { config: { permission }, schema: { tags, querystring: certificateFilters, response: answersWith(chargerCertificateList) } },
    async (req) => {
      const companyCode = companyOf(authOf(req), req.query.companyCode);
      const rows = await listChargerCertificates(app.db, companyCode, req.query.serialNum);
      return ok(
        req,
        rows.map((c) => ({
          ...c,
          companyCode,
          notBefore: c.notBefore.toISOString(),
          notAfter: c.notAfter.toISOString(),
          revokedAt: c.revokedAt?.toISOString() ?? null,
          createdAt: c.createdAt.toISOString(),
        })),
      );
    },
  );

  r.post(
    '/security/certificates/:id/revoke',
    {
      config: { permission },
      schema: {
        tags,
        params: idParams,
        querystring: companyQuery,
        body: confirmInput,
        response: answersWith(chargerCertificateRecord.pick({ id: true, serialNum: true })),
      },
    },
    async (req) => {
      const auth = authOf(req);
      const companyCode = companyOf(auth, req.query.companyCode);
      const { serialNum } = await revokeChargerCertificate(app.db, companyCode, req.params.id, auth.accountId);
      req.log.info({ companyCode, certificateId: req.params.id, chargeBoxId: serialNum, by: auth.username }, 'charger certificate revoked');
      return ok(req, { id: req.params.id, serialNum });
    },
  );

  r.put(
    '/charger/:id/security-profile',
    { config: { permission }, schema: { tags, params: idParams, body: securityProfileInput, response: answersWith(securityProfileRecord) } },
    async (req) => {
      const auth = authOf(req);
      const current = await chargerForWrite(app.db, auth, req.params.id);
      const { profile, mode, confirm } = req.body;
      const row = await setSecurityProfile(app.db, current, profile, mode, confirm);
      req.log.info({ chargeBoxId: current.serialNum, from: current.securityProfile, profile, mode, by: auth.username }, 'charger security profile changed');
      // Every node reads the profile again at the next handshake.
      app.bus.emit('identityCredentials', { serialNum: current.serialNum });
      return ok(req, row);
    },
  );

  r.post(
    '/charger/:id/install-certificate',
    { config: { permission }, schema: { tags, params: idParams, body: installCertificateInput, response: answersWith(installCertificateAnswer) } },
    async (req) => {
      const auth = authOf(req);
      const current = await chargerForWrite(app.db, auth, req.params.id);
      const answer = await commandTo<{ status: 'Accepted' | 'Failed' | 'Rejected' }>(app, auth.username, current, 'InstallCertificate', {
        certificateType: req.body.certificateType,
        certificate: req.body.certificate,
      });
      return ok(req, { status: answer.status });
    },
  );

  r.post(
    '/charger/:id/installed-certificates',
    { config: { permission }, schema: { tags, params: idParams, body: installedCertificatesInput, response: answersWith(installedCertificatesAnswer) } },
    async (req) => {
      const auth = authOf(req);
      const current = await chargerForWrite(app.db, auth, req.params.id);
      const answer = await commandTo<{ status: 'Accepted' | 'NotFound'; certificateHashData?: z.infer<typeof certificateHashData>[] }>(
        app,
        auth.username,
        current,
        'GetInstalledCertificateIds',
        {
          certificateType: req.body.certificateType,
        },
      );
      return ok(req, { status: answer.status, certificateHashData: answer.certificateHashData ?? [] });
    },
  );

  r.post(
    '/charger/:id/delete-certificate',
    { config: { permission }, schema: { tags, params: idParams, body: deleteCertificateInput, response: answersWith(deleteCertificateAnswer) } },
    async (req) => {
      const auth = authOf(req);
      const current = await chargerForWrite(app.db, auth, req.params.id);
      const answer = await commandTo<{ status: 'Accepted' | 'Failed' | 'NotFound' }>(app, auth.username, current, 'DeleteCertificate', {
        certificateHashData: req.body.certificateHashData,
      });
      return ok(req, { status: answer.status });
    },
  );

  r.post(
    '/charger/:id/renew-certificate',
    { config: { permission }, schema: { tags, params: idParams, response: answersWith(triggerAnswer) } },
    async (req) => {
      const auth = authOf(req);
      const current = await chargerForWrite(app.db, auth, req.params.id);
      const answer = await commandTo<{ status: 'Accepted' | 'Rejected' | 'NotImplemented' }>(app, auth.username, current, 'ExtendedTriggerMessage', {
        requestedMessage: 'SignChargePointCertificate',
      });
      return ok(req, { status: answer.status });
    },
  );
};

export default securityRoutes;
