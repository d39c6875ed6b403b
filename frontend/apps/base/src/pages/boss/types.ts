// The paid services' rows as saas-main answers them.

import type { SaasMainApi } from '@tradewind/shared';

/** `BossService` of saas-main; the price in fen. */
export type ServiceRow = SaasMainApi['schemas']['BossService'];

/** `LicenceView` of saas-main. */
export type LicenceRow = SaasMainApi['schemas']['LicenceView'];

/** `BalanceLog` of saas-main. */
export type BalanceLogRow = SaasMainApi['schemas']['BalanceLog'];

/** A top-up as `charge/list` answers it: a balance log row with the invoice it is on (0: none).
 * TODO(lead): `invoiceId` is new in saas-main's `BalanceLog`; use the generated type alone once
 * tools/api-types.mjs has regenerated saas-main's types. */
export type ChargeRow = BalanceLogRow & { invoiceId: number };

/** An invoice request (`InvoiceRow` of saas-main, fen).
 * TODO(lead): new in saas-main's OpenAPI; replace with SaasMainApi['schemas']['InvoiceRow'] once
 * tools/api-types.mjs has regenerated saas-main's types. */
export interface InvoiceRow {
  id: number;
  saasId: number;
  saasName: string;
  invoiceType: number;
  title: string;
  taxNo: string;
  email: string;
  addressPhone: string;
  bankAccount: string;
  remarks: string;
  amount: number;
  logCount: number;
  state: number;
  invoiceNo: string;
  applicantId: number;
  issuerId: number;
  createDate: number;
  issueDate?: number | null;
}

/** Balance log states of a top-up and its invoice. */
export const SUCCESS = 1;
export const INVOICING = 2;
export const INVOICED = 3;
