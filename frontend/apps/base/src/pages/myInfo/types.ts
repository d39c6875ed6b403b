// The merchant's own information as saas-main answers it.
import type { MerchantTerms } from '../merchants/types';

/** `MchSummary` of saas-main: the merchant's record without the tenant's price rules and remarks. */
export interface MchSummary extends MerchantTerms {
  mchId: number;
  /** 1 supplier, 2 distributor. */
  mchType: number;
  mchName: string;
  mchCurrency: string;
  state: number;
  grade: number;
  contactName: string;
  contactMobile: string;
  contactEmail: string;
  language: string;
  createDate: number;
  modifyDate: number;
}
