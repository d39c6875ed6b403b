// finance-app's bank accounts of the tenant (services/finance-app/src/store/banks.rs `Bank`).

export interface Bank {
  bankId: number;
  bankName: string;
  /** The holder. */
  accountName: string;
  accountNo: string;
  branch: string;
  currency: string;
  remark: string;
  /** 1 in use, 0 disabled. */
  state: number;
  createDate: number;
  modifyDate: number;
}
