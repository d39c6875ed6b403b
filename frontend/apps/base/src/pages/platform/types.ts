// A tenant as saas-main answers it (`Tenant`): the platform's list and a tenant's own info.
export interface TenantRow {
  saasId: number;
  saasName: string;
  saasLogo: string;
  companyName: string;
  /** 0-6. */
  payMode: number;
  /** Per thousand. */
  payServiceFee: number;
  /** Per thousand. */
  creditFee: number;
  currency: string;
  language: string;
  contactName: string;
  contactMobile: string;
  contactEmail: string;
  domain: string;
  /** ms. */
  saasExpireDate: number;
  /** 0 pending, 1 normal, 2 stopped. */
  state: number;
  /** 0 standard, 1 trial. */
  saasType: number;
  remarks: string;
  createDate: number;
  modifyDate: number;
}
