/**
 * Session (requirements §7 "Login", §6): the sign-in answer and the signed-in user's identity of
 * `GET /sp/user/info` (roles and the permissions in force drive the console's menus and guards).
 */
import { z } from 'zod';
import { int } from './api.js';

/** `POST /sp/login`: the bearer token (opaque, shown once). */
export const loginAnswer = z.object({ token: z.string() });

/** `GET /sp/user/info`. */
export const userInfo = z.object({
  id: int,
  userName: z.string(),
  realName: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  userType: z.string(),
  companyCode: z.string().nullable(),
  /** `admin` for platform administrators, else the role code. */
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
export type UserInfo = z.infer<typeof userInfo>;
