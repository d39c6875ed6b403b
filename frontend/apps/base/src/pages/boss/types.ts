// The paid services' rows as saas-main answers them.

import type { SaasMainApi } from '@tradewind/shared';

/** `BossService` of saas-main, the price in fen (the shared catalogue's row). */
export type { ServiceRow } from '@tradewind/shared';

/** `LicenceView` of saas-main. */
export type LicenceRow = SaasMainApi['schemas']['LicenceView'];

/** `BalanceLog` of saas-main. */
export type BalanceLogRow = SaasMainApi['schemas']['BalanceLog'];

/** A top-up as `charge/list` answers it: a balance log row with the invoice it is on
 * (`invoiceId`, 0: none). */
export type ChargeRow = BalanceLogRow;

/** An invoice request with its tenant's name (`InvoiceRow` of saas-main, fen); `issueDate` is
 * absent or null until it is issued. A withdrawn or refused one has its `closeDate` and
 * `closerId`, a refused one the platform's `closeReason` (empty otherwise). */
export type InvoiceRow = SaasMainApi['schemas']['InvoiceRow'];

/** Balance log states of a top-up and its invoice. */
export const SUCCESS = 1;
export const INVOICING = 2;
export const INVOICED = 3;
/** An invoice's own states: withdrawn by the tenant, refused by the platform, both while
 * invoicing; its top-ups are successful top-ups on no invoice again. */
export const WITHDRAWN = 4;
export const REFUSED = 5;
