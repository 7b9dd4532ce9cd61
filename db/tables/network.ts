/**
 * The charging network: station groups, stations, chargers and their connectors, gateways (requirements §3).
 * Pure Drizzle declarations (PostgreSQL dialect; PGlite and PostgreSQL 15+ alike): columns are
 * snake_case, JSON field names the camelCase properties; see db/tables/index.ts.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.js';

export const stationGroup = pgTable(
  'station_group',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    remark: text('remark'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('station_group_one_default').on(t.companyCode).where(sql`${t.isDefault}`)],
);

export const station = pgTable(
  'station',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    groupId: integer('group_id').references(() => stationGroup.id),
    name: text('name').notNull(),
    status: text('status').notNull().default('ACTIVE'),
    visibility: text('visibility').notNull().default('PUBLIC'),
    locationType: text('location_type'),
    maintainer: text('maintainer').notNull().default(''),
    maintainerMobile: text('maintainer_mobile').notNull().default(''),
    customerCompany: text('customer_company'),
    customerName: text('customer_name'),
    contactEmail: text('contact_email'),
    customerMobile: text('customer_mobile'),
    address: text('address').notNull().default(''),
    houseNumber: text('house_number'),
    city: text('city'),
    zip: text('zip'),
    country: text('country'),
    latitude: numeric('latitude', { precision: 9, scale: 6 }),
    longitude: numeric('longitude', { precision: 9, scale: 6 }),
    pricingModel: text('pricing_model'),
    rateTemplateId: integer('rate_template_id'),
    stationCode: text('station_code'),
    notifyEnabled: boolean('notify_enabled').notNull().default(false),
    notifyRecipients: text('notify_recipients'),
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: createdAt(),
  },
  (t) => [index('station_company').on(t.companyCode)],
);

/** Charge points (requirements §3 "Charger"); `serialNum` is the OCPP chargeBoxId. */
export const charger = pgTable(
  'charger',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    stationId: integer('station_id').references(() => station.id),
    serialNum: text('serial_num').notNull().unique(),
    chargerStationCode: text('charger_station_code').unique(),
    phase: text('phase').notNull().default('THREE'),
    lifeStatus: text('life_status').notNull().default('ACTIVE'),
    installerName: text('installer_name'),
    installerEmail: text('installer_email'),
    installerCompany: text('installer_company'),
    installerContact: text('installer_contact'),
    installationDate: text('installation_date'),
    warrantyYears: integer('warranty_years').notNull().default(0),
    gatewaySn: text('gateway_sn'),
    type: text('type').notNull().default('AC'),
    equipmentNumber: text('equipment_number'),
    ratedPowerKw: numeric('rated_power_kw', { precision: 8, scale: 2 }),
    /** Connector-0 (whole charger) status from StatusNotification. */
    runStatus: text('run_status'),
    /** Charger time of the connector-0 StatusNotification behind `runStatus` (late ones are ignored). */
    runStatusAt: ts('run_status_at'),
    /** Connector-0 errorCode / info / vendorErrorCode (NoError when healthy). */
    runErrorCode: text('run_error_code'),
    runErrorInfo: text('run_error_info'),
    runVendorErrorCode: text('run_vendor_error_code'),
    online: boolean('online').notNull().default(false),
    lastSeenAt: ts('last_seen_at'),
    /** Server time of the charger's last BootNotification (an order older than it may be stale). */
    bootAt: ts('boot_at'),
    firmwareVersion: text('firmware_version'),
    vendor: text('vendor'),
    model: text('model'),
    ocppPasswordHash: text('ocpp_password_hash'),
    /**
     * A second OCPP password accepted until `ocppPasswordGraceUntil` (key rotation over OCPP,
     * server/modules/charger/key-rotation.ts): the new key while the charger is asked to take it,
     * the previous one for OCPP_KEY_GRACE_MINUTES after it accepted. Null with a `…GraceUntil`
     * still ahead: the charger had no password before, so a socket without one is still accepted.
     */
    ocppPasswordGraceHash: text('ocpp_password_grace_hash'),
    ocppPasswordGraceUntil: ts('ocpp_password_grace_until'),
    /**
     * OCPP 1.6 security profile the charger must connect with: 0 none, 1 Basic over ws, 2 TLS +
     * Basic, 3 mutual TLS (docs/ocpp.md "Security profiles"; requirements R10.41–R10.42). Never lowered by a connection.
     */
    securityProfile: integer('security_profile').notNull().default(1),
    /** A higher profile the operator asked for: the first connection that meets it raises `securityProfile` and clears this. */
    securityProfileRequested: integer('security_profile_requested'),
    createdAt: createdAt(),
  },
  (t) => [index('charger_company').on(t.companyCode), index('charger_station').on(t.stationId)],
);

/** Per-connector state from StatusNotification (connectorId ≥ 1). */
export const connector = pgTable(
  'connector',
  {
    chargerId: integer('charger_id')
      .notNull()
      .references(() => charger.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull(),
    status: text('status').notNull(),
    errorCode: text('error_code').notNull().default('NoError'),
    info: text('info'),
    vendorErrorCode: text('vendor_error_code'),
    statusAt: ts('status_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chargerId, t.connectorId] })],
);

/** Gateways (requirements §3 "Gateway"): a local controller that connects over OCPP with its own identity. */
export const gateway = pgTable(
  'gateway',
  {
    id: serial('id').primaryKey(),
    companyCode: text('company_code').notNull(),
    stationId: integer('station_id').references(() => station.id),
    serialNum: text('serial_num').notNull().unique(),
    lifeStatus: text('life_status').notNull().default('ACTIVE'),
    firmwareVersion: text('firmware_version'),
    /** From its BootNotification (chargePointVendor / chargePointModel). */
    vendor: text('vendor'),
    model: text('model'),
    /** Reported by its own OCPP connection; read-only for the console. */
    online: boolean('online').notNull().default(false),
    lastSeenAt: ts('last_seen_at'),
    /** scrypt hash of the OCPP (HTTP Basic) password; null = no password (security profile 0). */
    ocppPasswordHash: text('ocpp_password_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('gateway_company').on(t.companyCode), index('gateway_station').on(t.stationId)],
);
