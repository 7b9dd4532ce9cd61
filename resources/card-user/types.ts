/** The card user of `GET /sp/card-user` (spec §3 "Card user"; balance is a decimal string). */
export interface CardUserRecord {
  id: number;
  companyCode: string;
  companyName: string | null;
  cardNumber: string;
  lastName: string;
  firstName: string;
  mobile: string | null;
  email: string | null;
  scope: 'ALL' | 'STATIONS';
  stationIds: number[];
  managerCard: boolean;
  active: boolean;
  balance: string;
  currency: string | null;
  createTimeStamp: string;
}

/** The body of `POST /sp/card-user` and `PUT /sp/card-user/{id}` (domain/entities/card-user.ts). */
export interface CardUserBody {
  companyCode: string;
  cardNumber: string;
  lastName: string;
  firstName: string;
  mobile: string | null;
  email: string | null;
  scope: 'ALL' | 'STATIONS';
  stationIds: number[];
  managerCard: boolean;
  active: boolean;
}
