/** The spec path of the menu screen (spec §2 "/System/Menu"). */
export const MENUS_PATH = '/System/Menu';
