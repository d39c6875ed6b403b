// The enumerations the base pages show, with the values the services answer (labels in the
// messages as `<id>.<value>`). User types, merchant types and notification types are labelled
// by the shared package (MSC_TYPE, MERCHANT_TYPE, NOTIFY_TYPE).
import type { Enumeration } from '@tradewind/shared';

/** auth-center `userState`: 0 normal, 1 locked, 2 disabled. */
export const USER_STATE: Enumeration = { id: 'base.enum.userState', values: [0, 1, 2] };

/** auth-center login log `result`: 1 success, 0 failure. */
export const LOGIN_RESULT: Enumeration = { id: 'base.enum.loginResult', values: [1, 0] };

/** saas-main `stateMerchants` as the lists filter it (deleted ones are never listed). */
export const MERCHANT_STATE: Enumeration = { id: 'base.enum.merchantState', values: [0, 1, 2] };

/** message-server `stateSms` / `stateMails`. */
export const DISPATCH_STATE: Enumeration = { id: 'base.enum.dispatchState', values: [0, 1, 2, 3, 4] };

/** auth-center API user `state`: 0 normal, 2 disabled (the people's labels). */
export const API_USER_STATE: Enumeration = { id: USER_STATE.id, values: [0, 2] };

/** saas-main notice `state`: 0 draft, 1 published, 2 withdrawn. */
export const NOTICE_STATE: Enumeration = { id: 'base.enum.noticeState', values: [0, 1, 2] };

// The paid services' enumerations (state, type, class, licence unit) are shared: the interface
// menus of hotel and ticket show the catalogue too (@tradewind/shared `SERVICE_*`).

/** saas-main licence `state`: 1 normal, 0 expired (lapsed or used up). */
export const LICENCE_STATE: Enumeration = { id: 'base.enum.licenceState', values: [1, 0] };

/** saas-main balance log `logType`: 1 top-up, -1 consumption. */
export const BALANCE_LOG_TYPE: Enumeration = { id: 'base.enum.balanceLogType', values: [1, -1] };

/** saas-main balance log `state`: 0 processing, 1 success, 2 invoicing, 3 invoiced, -1 failed. */
export const BALANCE_LOG_STATE: Enumeration = { id: 'base.enum.balanceLogState', values: [0, 1, 2, 3, -1] };

/** auth-center user `roleType`: operate 0, edit 1, dispatcher 2, market 3, management 4, finance 5. */
export const ROLE_TYPE: Enumeration = { id: 'base.enum.roleType', values: [0, 1, 2, 3, 4, 5] };

/** auth-center `userGrade`: ordinary staff 0, department head 1, company head 2. */
export const USER_GRADE: Enumeration = { id: 'base.enum.userGrade', values: [0, 1, 2] };

/** auth-center `ipFilterType`: blacklist -1, none 0, whitelist 1. */
export const IP_FILTER: Enumeration = { id: 'base.enum.ipFilter', values: [0, 1, -1] };

/** saas-main merchant and tenant `language`. */
export const LANGUAGE: Enumeration = { id: 'base.enum.language', values: ['zh-cn', 'en'] };

/** saas-main merchant `withdrawFee`, per thousand. */
export const WITHDRAW_FEE: Enumeration = { id: 'base.enum.withdrawFee', values: [0, 1, 2, 3, 4, 9] };

/** saas-main tenant `state`: 0 pending, 1 normal, 2 stopped. */
export const TENANT_STATE: Enumeration = { id: 'base.enum.tenantState', values: [0, 1, 2] };

/** saas-main tenant `saasType`: 0 standard, 1 trial. */
export const SAAS_TYPE: Enumeration = { id: 'base.enum.saasType', values: [0, 1] };

/** finance-app credit `state` (the spec's credit state): valid 1, invalid 0, deleted -1. */
export const CREDIT_STATE: Enumeration = { id: 'base.enum.creditState', values: [1, 0, -1] };

/** finance-app cash log `direction`: 1 money in, 2 money out. */
export const CASH_DIRECTION: Enumeration = { id: 'base.enum.cashDirection', values: [1, 2] };

/** finance-app bank account `state`: 1 in use, 0 disabled. */
export const BANK_STATE: Enumeration = { id: 'base.enum.bankState', values: [1, 0] };

/**
 * finance-app credit log `state` (the spec's): 1 pending confirm, 2 deducted, 3 failed, 4 pending
 * cancel, 5 unpaid, 6 paid, 7 not received, 8 received.
 */
export const CREDIT_LOG_STATE: Enumeration = { id: 'base.enum.creditLogState', values: [1, 2, 3, 4, 5, 6, 7, 8] };

/** Receipt and payment progress (the spec's collection and payment progress): none 1, partial 2, full 3. */
export const PROGRESS: Enumeration = { id: 'base.enum.progress', values: [1, 2, 3] };

/** What the credit log's dates filter (the spec's date filter): 0 pay date, 1 order date, 2 check-in date, 3 end date. */
export const CREDIT_DATE_TYPE: Enumeration = { id: 'base.enum.creditDateType', values: [1, 0, 2, 3] };

/** The spec's product types: 10 hotel, 20 ticket, 30 travel, 50 package, 60 general product, 80 finance. */
export const PRODUCT_TYPE: Enumeration = { id: 'base.enum.productType', values: [10, 20, 30, 50, 60, 80] };

/** finance-app receipt `state`: -1 deleted, 1 awaiting receipt, 2 receiving, 4 reviewed. */
export const RECEIPT_STATE: Enumeration = { id: 'base.enum.receiptState', values: [1, 2, 4, -1] };

/** finance-app payment `state`: -1 deleted, 1 awaiting payment, 2 paying, 4 reviewed. */
export const PAYMENT_STATE: Enumeration = { id: 'base.enum.paymentState', values: [1, 2, 4, -1] };

/** finance-app receipt and payment log `state`: 0 pending confirm, 1 confirmed, 3 cancelled, -1 deleted. */
export const SETTLEMENT_LOG_STATE: Enumeration = { id: 'base.enum.settlementLogState', values: [0, 1, 3, -1] };

/** The spec's verify state of an order's side: -1 abnormal, 0 not reconciled, 1 partial, 2 full, 3 full and reviewed. */
export const VERIFY_STATE: Enumeration = { id: 'base.enum.verifyState', values: [0, 1, 2, 3, -1] };

/** saas-main price rule `state`: 1 enabled, 0 disabled. */
export const RULE_STATE: Enumeration = { id: 'base.enum.ruleState', values: [1, 0] };

/** `typeApprovalOperates`: 1 add, 2 modify, 3 delete. */
export const APPROVAL_OPERATE: Enumeration = { id: 'base.enum.approvalOperate', values: [1, 2, 3] };

/** `typeApprovalRefs`: 10 hotel, 20 scenic spot. */
export const APPROVAL_REF: Enumeration = { id: 'base.enum.approvalRef', values: [10, 20] };

/** `stateApprovals`: 0 pending, 1 approved, 2 rejected, 3 withdrawn. */
export const APPROVAL_STATE: Enumeration = { id: 'base.enum.approvalState', values: [0, 1, 2, 3] };

/** Support ticket (work order) `state`: 1 pending, 2 in progress, 3 solved. */
export const SUPPORT_STATE: Enumeration = { id: 'base.enum.supportState', values: [1, 2, 3] };

/** Support ticket (work order) `businessType`: 10 hotel, 20 ticket. */
export const SUPPORT_BUSINESS: Enumeration = { id: 'base.enum.supportBusiness', values: [10, 20] };

/** An invoice request's `state`: 2 invoicing, 3 invoiced (its top-ups' states too), 4 withdrawn by
 * the tenant, 5 refused by the platform (an invoice's own: its top-ups are successful again). */
export const INVOICE_STATE: Enumeration = { id: 'base.enum.invoiceState', values: [2, 3, 4, 5] };

/** An invoice's `invoiceType`: 1 ordinary VAT invoice, 2 special VAT invoice. */
export const INVOICE_TYPE: Enumeration = { id: 'base.enum.invoiceType', values: [1, 2] };

/** An area's `state`: 1 in use, 0 disabled. */
export const AREA_STATE: Enumeration = { id: 'base.enum.areaState', values: [1, 0] };

/** An area's `level`: 2 province, 3 city. */
export const AREA_LEVEL: Enumeration = { id: 'base.enum.areaLevel', values: [2, 3] };

/** Every enumeration, for the messages test. */
export const ENUMS: Enumeration[] = [
  USER_STATE,
  LOGIN_RESULT,
  MERCHANT_STATE,
  DISPATCH_STATE,
  API_USER_STATE,
  NOTICE_STATE,
  LICENCE_STATE,
  BALANCE_LOG_TYPE,
  BALANCE_LOG_STATE,
  ROLE_TYPE,
  USER_GRADE,
  IP_FILTER,
  LANGUAGE,
  WITHDRAW_FEE,
  TENANT_STATE,
  SAAS_TYPE,
  CREDIT_STATE,
  CASH_DIRECTION,
  BANK_STATE,
  CREDIT_LOG_STATE,
  PROGRESS,
  CREDIT_DATE_TYPE,
  PRODUCT_TYPE,
  RECEIPT_STATE,
  PAYMENT_STATE,
  SETTLEMENT_LOG_STATE,
  VERIFY_STATE,
  RULE_STATE,
  APPROVAL_OPERATE,
  APPROVAL_REF,
  APPROVAL_STATE,
  SUPPORT_STATE,
  SUPPORT_BUSINESS,
  INVOICE_STATE,
  INVOICE_TYPE,
  AREA_STATE,
  AREA_LEVEL,
];

/** saas-main interface configuration `state`: 1 enabled, 0 disabled. */
export const INTERFACE_CONFIG_STATE: Enumeration = { id: 'base.enum.interfaceConfigState', values: [1, 0] };

/** Interface `type`: 1 vendor, 2 channel. */
export const INTERFACE_TYPE: Enumeration = { id: 'base.enum.interfaceType', values: [2, 1] };

/** The product types an interface serves: 10 hotel, 20 ticket. */
export const PRODUCT_TYPE_OF_INTERFACE: Enumeration = { id: 'base.enum.interfaceProductType', values: [10, 20] };
