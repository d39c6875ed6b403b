// A merchant as saas-main answers `load` (every field; credits in fen), and the paths of each
// kind's endpoints.

import type { SaasMainApi } from '@tradewind/shared';
export type Merchant = SaasMainApi['schemas']['Merchant'];

/** What the tenant agreed with a merchant: shown in the detail and on the merchant's own page. */
export type MerchantTerms = Pick<
  Merchant,
  | 'creditPermanent'
  | 'creditTemporary'
  | 'creditUsed'
  | 'withdrawFee'
  | 'isWithdraw'
  | 'withdrawLimit'
  | 'isWhitelist'
  | 'isConfirmOrder'
  | 'isDisplayStock'
  | 'supplierOrderManage'
  | 'presaleVisible'
  | 'groupPurchase'
>;

export type MerchantKind = 'supplier' | 'distributor';

/** The endpoints' folder of each kind (`/saas/merchant/supplierInfos/list` ...). */
export const MERCHANT_BASE: Record<MerchantKind, string> = {
  supplier: '/saas/merchant/supplierInfos',
  distributor: '/saas/merchant/distributorInfos',
};

/** `Merchant` of saas-main (the fields this list shows); credits in fen. */
export interface MerchantRow {
  mchId: number;
  mchName: string;
  grade: number;
  contactName: string;
  contactMobile: string;
  contactEmail: string;
  currency: string;
  creditUsed: number;
  creditPermanent: number;
  creditTemporary: number;
  state: number;
  createDate: number;
}
