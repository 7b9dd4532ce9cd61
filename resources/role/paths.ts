/** The spec path of the roles screen (spec §2 "/SystemUsers/Permissions"). */
export const ROLES_PATH = '/SystemUsers/Permissions';
