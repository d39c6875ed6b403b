// The paid services' rows as saas-main answers them.

/** `BossService` of saas-main; the price in fen. */
export interface ServiceRow {
  id: number;
  serviceName: string;
  serviceDesc: string;
  appName: string;
  serviceType: number;
  /** The tag a page looks the service up by (`SMS_NOTICE` ...). */
  serviceClass: string;
  /** The licence a purchase adds to (`saas/notify/sms` ...). */
  licenseData: string;
  /** Days of a feature licence, count of a quantity licence, per purchase. */
  licenseValue: number;
  licenseUnit: string;
  price: number;
  serviceRank: number;
  state: number;
}

/** `LicenceView` of saas-main. */
export interface LicenceRow {
  /** `saas/notify/sms`, `saas/notify/mail` ... */
  licenseName: string;
  /** What is left of a count (a quantity licence); unused by a feature licence (one with an expiry). */
  licenseValue: number;
  /** A feature licence's expiry (ms); null for a count. */
  expireDate: number | null;
  lastBuyDate: number | null;
  lastConsumeDate: number | null;
  state: number;
}

/** `BalanceLog` of saas-main. */
export interface BalanceLogRow {
  id: number;
  logType: number;
  /** fen, never negative: the type says which way it went. */
  amount: number;
  /** fen. */
  balanceAfter: number;
  state: number;
  /** The service bought; 0 for a top-up. */
  serviceId: number;
  remarks: string;
  createDate: number;
}
