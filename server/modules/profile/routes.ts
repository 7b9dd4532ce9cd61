/**
 * Own account (any signed-in user, scope `own`): `GET|PUT /sp/user/profile`,
 * `GET|PUT /sp/user/notification-preference`, `PUT /sp/user/password` (current + new), `POST /sp/user/avatar` (JPG or PNG, ≤ 2 MB,
 * ≤ 300×300 px, else 714), and `GET /sp/files/{kind}/{name}` serving stored images (public:
 * names are 128-bit random, so `<img>` tags need no token).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blankToNull, clearableText, passwordSchema, phoneSchema } from '../../../domain/entities/rules.js';
import { authOf } from '../../http/access.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../../domain/app-error.js';
import { notificationPreference, notificationPreferenceInput } from '../../../domain/entities/notification-preference.js';
import { changePassword, getNotificationPreference, getProfile, setAvatar, setNotificationPreference, updateProfile } from './service.js';
import { checkImage, fileOf, registerUploadParsers, removeStored, storeImage, STORED_NAME, uploadDir, UPLOAD_BODY_LIMIT } from './upload.js';
import { answersWith, fileAnswer, noData } from '../../../domain/entities/api.js';
import { avatarAnswer, profileRecord } from '../../../domain/entities/profile.js';

/** Avatar limits (requirements §5, §9): 2 MB, 300×300 px. */
export const AVATAR_LIMITS = { maxBytes: 2 * 1024 * 1024, maxWidth: 300, maxHeight: 300 };

const profileInput = z.object({
  realName: clearableText(100),
  phone: z.preprocess(blankToNull, phoneSchema.nullish()),
  email: z.preprocess(blankToNull, z.email().trim().max(254).toLowerCase().nullish()),
});

const passwordInput = z.object({
  oldPassword: z.string().max(64).optional(),
  newPassword: z.string().max(64).optional(),
  confirmPassword: z.string().max(64).optional(),
});

const profileRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerUploadParsers(app);
  const own = { scope: 'own' } as const;

  r.get('/user/profile', { config: own, schema: { tags: ['profile'], response: answersWith(profileRecord) } }, async (req) =>
    ok(req, await getProfile(app.db, authOf(req))),
  );

  r.put('/user/profile', { config: own, schema: { tags: ['profile'], body: profileInput, response: answersWith(profileRecord) } }, async (req) =>
    ok(req, await updateProfile(app.db, authOf(req), req.body)),
  );

  r.get('/user/notification-preference', { config: own, schema: { tags: ['profile'], response: answersWith(notificationPreference) } }, async (req) =>
    ok(req, await getNotificationPreference(app.db, authOf(req))),
  );

  r.put(
    '/user/notification-preference',
    { config: own, schema: { tags: ['profile'], body: notificationPreferenceInput, response: answersWith(notificationPreference) } },
    async (req) => ok(req, await setNotificationPreference(app.db, authOf(req), req.body)),
  );

  r.put('/user/password', { config: own, schema: { tags: ['profile'], body: passwordInput, response: answersWith(noData) } }, async (req) => {
    const { oldPassword, newPassword, confirmPassword } = req.body;
    if (!oldPassword) throw new AppError(607, 'oldPassword');
    if (!newPassword) throw new AppError(607, 'newPassword');
    if (!passwordSchema.safeParse(newPassword).success) throw new AppError(400, 'newPassword');
    if (confirmPassword !== undefined && confirmPassword !== newPassword) throw new AppError(400, 'confirmPassword');
    await changePassword(app.db, authOf(req), oldPassword, newPassword);
    return ok(req, null);
  });

  r.post('/user/avatar', { config: own, bodyLimit: UPLOAD_BODY_LIMIT, schema: { tags: ['profile'], response: answersWith(avatarAnswer) } }, async (req) => {
    const auth = authOf(req);
    const file = fileOf(req.headers['content-type'], req.body);
    const info = checkImage(file, AVATAR_LIMITS);
    const url = await storeImage(app.config.dataDir, 'avatar', file, info);
    const previous = await setAvatar(app.db, auth, url);
    await removeStored(app.config.dataDir, previous);
    return ok(req, { avatar: url });
  });

  r.get(
    '/files/:kind/:name',
    {
      config: { public: true },
      schema: {
        tags: ['profile'],
        params: z.object({ kind: z.enum(['avatar', 'logo']), name: z.string().max(64) }),
        response: { 200: fileAnswer('image/*', 'The stored image') },
      },
    },
    async (req, reply) => {
      const { kind, name } = req.params;
      if (!STORED_NAME.test(name)) throw new AppError(808);
      const file = path.join(uploadDir(app.config.dataDir, kind), name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat?.isFile()) throw new AppError(808);
      reply.header('Cache-Control', 'private, max-age=86400, immutable');
      reply.type(name.endsWith('.png') ? 'image/png' : 'image/jpeg');
      return reply.send(fs.createReadStream(file));
    },
  );
};

export default profileRoutes;
