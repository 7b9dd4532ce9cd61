/** Record of `GET /sp/user/profile` and `PUT /sp/user/profile` (spec §2 "/TourAccount/TourAccount", §3 "Account"), built by the server, read by the console; types only. */

/** The own-account view: the account fields, company and role names, and the permissions in force. */
export interface ProfileRecord {
  id: number;
  username: string;
  userType: string;
  realName: string;
  phone: string | null;
  email: string | null;
  avatar: string | null;
  companyCode: string | null;
  companyName: string | null;
  roleName: string | null;
  permissions: string[];
  /** Joined date, ISO-8601 UTC. */
  createdAt: string;
}
