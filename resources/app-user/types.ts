/** The app user of `GET /sp/app-user` (requirements §3 "App user"; money as decimal strings). */
export interface AppUserRecord {
  id: number;
  nickname: string | null;
  mobile: string | null;
  fullName: string | null;
  email: string | null;
  companyCode: string;
  companyName: string | null;
  active: boolean;
  registrationMethod: string | null;
  idTag: string | null;
  balance: string;
  currency: string | null;
  orderCount: number;
  totalSpend: string;
  joinedDate: string;
}

/** One row of `GET /sp/app-user/{id}/orders` (order history). */
export interface AppUserOrder {
  id: number;
  orderNo: string;
  chargerSn: string;
  status: string;
  chargerStartTime: string | null;
  chargerStopTime: string | null;
  energyKwh: string | null;
  totalAmount: string | null;
  currency: string;
  paid: boolean;
}
