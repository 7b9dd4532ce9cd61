/**
 * The permission strings of requirements §2 and §6, defined once as a typed constant. The route table
 * (`domain/routes.ts`), the server's route declarations, the role rules, the demo and the tests
 * name a permission through this object, never as a string literal. Spellings are the spec's own
 * (`menu:monitoring:mapmonotoring`, `menu:systemusers:persissions`): they are stored in roles and
 * menus, so they never change.
 *
 * Each section has its own string (`section`) and its children's; a section without children
 * (analytics, report tickets, search) is the string itself.
 */
export const PERMISSIONS = {
  /** The platform administrator's permission: passes every check. */
  admin: 'role:admin',
  monitoring: {
    section: 'menu:monitoring',
    map: 'menu:monitoring:mapmonotoring',
    stations: 'menu:monitoring:stationmonotoring',
    chargers: 'menu:monitoring:chargermonotoring',
  },
  operations: {
    section: 'menu:operations',
    stationInsights: 'menu:operations:stationinsights',
    orders: 'menu:operations:orders',
    statistics: 'menu:operations:statistics',
  },
  stations: {
    section: 'menu:stations',
    profile: 'menu:stations:stationprofile',
    groups: 'menu:stations:stationgroup',
  },
  chargerUsers: {
    section: 'menu:chargerusers',
    cardUsers: 'menu:chargerusers:cardusers',
    appUsers: 'menu:chargerusers:appusers',
  },
  homeStations: {
    section: 'menu:homestations',
    chargerProfiles: 'menu:homestations:chargerprofiles',
    appUsers: 'menu:homestations:appusers',
    /** Smart-charging schedules and charging profiles (requirements §16; beyond the spec's menus). */
    smartCharging: 'menu:homestations:smartcharging',
  },
  analytics: 'menu:analytics',
  reportTickets: 'menu:reporttickets',
  search: 'menu:search',
  events: {
    section: 'menu:events',
    events: 'menu:events:events',
    chargerLog: 'menu:events:chargerlog',
    diagnosis: 'menu:events:diagnosis',
  },
  systemUsers: {
    section: 'menu:systemusers',
    accounts: 'menu:systemusers:accounts',
    permissions: 'menu:systemusers:persissions',
  },
  system: {
    section: 'menu:system',
    operators: 'menu:system:operators',
    deviceVersion: 'menu:system:deviceversion',
    menu: 'menu:system:menu',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];

/** Any permission string of the table (`role:admin` or a `menu:*` string). */
export type Permission = Leaves<typeof PERMISSIONS>;

/** A menu permission string (`menu:*`), the ones roles hold. */
export type MenuPermission = Exclude<Permission, typeof PERMISSIONS.admin>;

/**
 * Account types that change an operator's company-wide settings (requirements R6.8: the order
 * export / tax-invoice settings): platform administrators and the operator's administrators.
 * Staff, station managers and maintainers read them only (the server answers 798 to a change).
 */
export const COMPANY_SETTINGS_EDITORS = ['ADMIN', 'OPERATOR_ADMIN'] as const;

/** True when an account of `userType` may change its company's company-wide settings. */
export function mayEditCompanySettings(userType: string | null | undefined): boolean {
  return (COMPANY_SETTINGS_EDITORS as readonly string[]).includes(userType ?? '');
}
