/**
 * The fixed part of the demo network: two operator companies in different currencies and time
 * zones, their stations at real places in their cities, and the flat demo prices used to bill the
 * generated orders (electricity and service fee per kWh, VAT on the cost).
 */

export interface DemoStation {
  name: string;
  address: string;
  houseNumber: string;
  zip: string;
  latitude: string;
  longitude: string;
  locationType: string;
  /** Index of the station group (0 = the company's default group). */
  group: number;
}

export interface DemoCompany {
  code: string;
  name: string;
  currency: 'EUR' | 'HKD';
  timeZone: string;
  /** Hours east of UTC used to place sessions in local daytime (no DST shift needed for the demo). */
  utcOffsetHours: number;
  city: string;
  country: string;
  address: string;
  servicePhone: string;
  serviceEmail: string;
  /** Username prefix of the demo accounts (`volta.admin`, `volta.staff`, `volta.manager`). */
  accountPrefix: string;
  groups: string[];
  stations: DemoStation[];
  /** Flat demo prices per kWh and the VAT rate applied to the cost (decimal strings). */
  price: { electricityPerKwh: string; servicePerKwh: string; taxName: string; taxRate: string };
  /** Balance range of card users, in whole currency units. */
  balance: [number, number];
  firstNames: string[];
  lastNames: string[];
  mobilePrefix: string;
  /** Order export settings printed on tax invoices, and the logo's brand colour (RGB). */
  invoice: {
    operatorCompanyName: string;
    address: string;
    electricityFeeTitle: string;
    serviceFeeTitle: string;
    notes: string;
    color: [number, number, number];
  };
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    code: 'VOLTA',
    name: 'Volta Charging Berlin',
    currency: 'EUR',
    timeZone: 'Europe/Berlin',
    utcOffsetHours: 1,
    city: 'Berlin',
    country: 'Germany',
    address: 'Friedrichstraße 68, 10117 Berlin',
    servicePhone: '+49 30 1234 5670',
    serviceEmail: 'service@volta-charging.example',
    accountPrefix: 'volta',
    groups: ['Default group', 'City centre'],
    stations: [
      {
        name: 'Alexanderplatz Parkhaus',
        address: 'Alexanderstraße',
        houseNumber: '9',
        zip: '10178',
        latitude: '52.521918',
        longitude: '13.413215',
        locationType: 'PARKING_GARAGE',
        group: 1,
      },
      {
        name: 'Potsdamer Platz Arkaden',
        address: 'Alte Potsdamer Straße',
        houseNumber: '7',
        zip: '10785',
        latitude: '52.509663',
        longitude: '13.376481',
        locationType: 'SHOPPING_CENTRE',
        group: 1,
      },
      {
        name: 'Kurfürstendamm West',
        address: 'Kurfürstendamm',
        houseNumber: '26',
        zip: '10719',
        latitude: '52.503250',
        longitude: '13.332950',
        locationType: 'ON_STREET',
        group: 0,
      },
      {
        name: 'Hauptbahnhof Nord',
        address: 'Europaplatz',
        houseNumber: '1',
        zip: '10557',
        latitude: '52.525084',
        longitude: '13.369402',
        locationType: 'PARKING_LOT',
        group: 1,
      },
      {
        name: 'Tempelhofer Feld',
        address: 'Tempelhofer Damm',
        houseNumber: '1',
        zip: '12101',
        latitude: '52.473692',
        longitude: '13.400934',
        locationType: 'PARKING_LOT',
        group: 0,
      },
    ],
    price: { electricityPerKwh: '0.39', servicePerKwh: '0.10', taxName: 'MwSt', taxRate: '0.19' },
    balance: [5, 250],
    firstNames: ['Anna', 'Lukas', 'Mia', 'Jonas', 'Lea', 'Felix', 'Emma', 'Paul', 'Hannah', 'Leon', 'Sophie', 'Max', 'Marie', 'Elias', 'Clara'],
    lastNames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann', 'Koch', 'Richter'],
    mobilePrefix: '+49 151 ',
    invoice: {
      operatorCompanyName: 'Volta Charging Berlin GmbH',
      address: 'Friedrichstraße 68\n10117 Berlin\nGermany',
      electricityFeeTitle: 'Stromkosten / Electricity',
      serviceFeeTitle: 'Servicegebühr / Service fee',
      notes: 'USt-IdNr. DE123456789 · Amtsgericht Charlottenburg HRB 123456 B',
      color: [0, 122, 94],
    },
  },
  {
    code: 'HKEV',
    name: 'Harbour EV Hong Kong',
    currency: 'HKD',
    timeZone: 'Asia/Hong_Kong',
    utcOffsetHours: 8,
    city: 'Hong Kong',
    country: 'Hong Kong',
    address: '8 Finance Street, Central, Hong Kong',
    servicePhone: '+852 2123 4567',
    serviceEmail: 'support@harbour-ev.example',
    accountPrefix: 'hkev',
    groups: ['Default group', 'Kowloon'],
    stations: [
      {
        name: 'IFC Mall Car Park',
        address: 'Finance Street',
        houseNumber: '8',
        zip: '',
        latitude: '22.285164',
        longitude: '114.158968',
        locationType: 'PARKING_GARAGE',
        group: 0,
      },
      {
        name: 'Harbour City Ocean Terminal',
        address: 'Canton Road',
        houseNumber: '3-27',
        zip: '',
        latitude: '22.295229',
        longitude: '114.168532',
        locationType: 'SHOPPING_CENTRE',
        group: 1,
      },
      {
        name: 'Times Square Causeway Bay',
        address: 'Matheson Street',
        houseNumber: '1',
        zip: '',
        latitude: '22.278265',
        longitude: '114.182186',
        locationType: 'PARKING_GARAGE',
        group: 0,
      },
      {
        name: 'MegaBox Kowloon Bay',
        address: 'Wang Chiu Road',
        houseNumber: '38',
        zip: '',
        latitude: '22.319973',
        longitude: '114.208240',
        locationType: 'SHOPPING_CENTRE',
        group: 1,
      },
      {
        name: 'New Town Plaza Sha Tin',
        address: 'Sha Tin Centre Street',
        houseNumber: '18',
        zip: '',
        latitude: '22.381770',
        longitude: '114.188980',
        locationType: 'PARKING_GARAGE',
        group: 1,
      },
    ],
    price: { electricityPerKwh: '2.80', servicePerKwh: '1.00', taxName: 'None', taxRate: '0' },
    balance: [50, 2000],
    firstNames: ['Wing', 'Ka Ho', 'Mei Ling', 'Chi Keung', 'Hoi Yan', 'Tsz Kin', 'Wai Man', 'Siu Fung', 'Yan Ting', 'Ho Yin', 'Ling', 'Kwok Wai'],
    lastNames: ['Chan', 'Wong', 'Lee', 'Cheung', 'Lau', 'Ng', 'Leung', 'Ho', 'Tam', 'Yip', 'Lam', 'Chow'],
    mobilePrefix: '+852 9',
    invoice: {
      operatorCompanyName: 'Harbour EV Hong Kong Limited 港灣電動車有限公司',
      address: '8 Finance Street, Central\nHong Kong 香港中環金融街8號',
      electricityFeeTitle: '電費 Electricity',
      serviceFeeTitle: '服務費 Service fee',
      notes: 'Business Registration No. 12345678 · 商業登記號碼 12345678',
      color: [0, 84, 166],
    },
  },
];

/** Charger models the demo network uses: AC wallboxes and DC fast chargers. */
export const DEMO_MODELS = [
  { vendor: 'Alpitronic', model: 'HYC150', type: 'DC', phase: 'THREE', ratedPowerKw: '150.00', connectors: 2, firmware: '2.4.1' },
  { vendor: 'ABB', model: 'Terra 54', type: 'DC', phase: 'THREE', ratedPowerKw: '50.00', connectors: 2, firmware: '1.8.30' },
  { vendor: 'Wallbox', model: 'Commander 2', type: 'AC', phase: 'THREE', ratedPowerKw: '22.00', connectors: 1, firmware: '6.3.12' },
  { vendor: 'Keba', model: 'KeContact P30', type: 'AC', phase: 'THREE', ratedPowerKw: '11.00', connectors: 1, firmware: '3.10.42' },
  { vendor: 'Schneider', model: 'EVlink Pro AC', type: 'AC', phase: 'THREE', ratedPowerKw: '22.00', connectors: 2, firmware: '4.2.0' },
  { vendor: 'Delta', model: 'AC Mini Plus', type: 'AC', phase: 'SINGLE', ratedPowerKw: '7.40', connectors: 1, firmware: '1.2.7' },
] as const;

/**
 * Firmware versions of the demo gateways (local controllers), by gateway number (1 → first). The
 * vendor and model of a gateway come from its own BootNotification, so the demo leaves them empty.
 */
export const DEMO_GATEWAY_FIRMWARE = ['1.6.3', '1.5.1'] as const;

export const STOP_REASONS = ['Local', 'EVDisconnected', 'Local', 'Remote', 'EVDisconnected', 'Local'] as const;
