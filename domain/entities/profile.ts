/**
 * Profile (requirements §2 "/TourAccount/TourAccount", §3 "Account"): the signed-in user's own account
 * view of `GET|PUT /sp/user/profile`, and the avatar upload's answer.
 */
import { z } from 'zod';
import { int, isoTime } from './api.js';

/** The own-account view: the account fields, company and role names, and the permissions in force. */
export const profileRecord = z.object({
  id: int,
  username: z.string(),
  userType: z.string(),
  realName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  companyCode: z.string().nullable(),
  companyName: z.string().nullable(),
  roleName: z.string().nullable(),
  permissions: z.array(z.string()),
  /** Joined date. */
  createdAt: isoTime,
});
export type ProfileRecord = z.infer<typeof profileRecord>;

/** `POST /sp/user/avatar`: the stored image's URL. */
export const avatarAnswer = z.object({ avatar: z.string() });
