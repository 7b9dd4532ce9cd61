/** The spec path of the card user pages (domain/routes.ts). */
export const CARD_USERS_PATH = '/ChargerUsers/CardUsers';
