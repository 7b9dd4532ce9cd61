/** The spec path of the accounts screen (spec §2 "/SystemUsers/Accounts"). */
export const ACCOUNTS_PATH = '/SystemUsers/Accounts';
