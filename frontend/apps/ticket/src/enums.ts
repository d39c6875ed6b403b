// The enumerations the ticket pages show, with the values ticket-app answers (labels in the
// messages as `<id>.<value>`): docs/enums.md and services/ticket-app/src/domain/.
import { PRODUCT_STATES, type Enumeration } from '@tradewind/shared';

/** `typeScenicStar`: 0 unrated, 1 (A) to 5 (AAAAA). */
export const SCENIC_STAR: Enumeration = { id: 'ticket.enum.scenicStar', values: [0, 1, 2, 3, 4, 5] };

/** `stateScenic`: 0 pending, 1 normal, 2 stopped. */
export const SCENIC_STATE: Enumeration = { id: 'ticket.enum.scenicState', values: [0, 1, 2] };

/** `typeScenicOpen`: 1 all year, 2 seasonal, 3 temporarily closed. */
export const SCENIC_OPEN: Enumeration = { id: 'ticket.enum.scenicOpen', values: [1, 2, 3] };

/** `stateScenicSupplier`: 0 pending, 1 cooperating, 2 stopped. */
export const SCENIC_SUPPLIER_STATE: Enumeration = { id: 'ticket.enum.scenicSupplierState', values: [0, 1, 2] };

/** A supplier's scenic request `state`: 0 pending, 1 approved, 2 rejected. */
export const REQUEST_STATE: Enumeration = { id: 'ticket.enum.requestState', values: [0, 1, 2] };

/** A scenic request's `kind`: 1 add a spot, 2 change one. */
export const REQUEST_KIND: Enumeration = { id: 'ticket.enum.requestKind', values: [1, 2] };

/** A product's `state` (the shared product states: 0 unpublished, 1 on sale, 2 off the shelf, 3 disabled, -1 deleted). */
export const PRODUCT_STATE: Enumeration = { id: 'ticket.enum.productState', values: [...PRODUCT_STATES] };

/** `typeTicketProduct`: 1 single, 2 joint, 3 combo, 4 annual pass. */
export const PRODUCT_TYPE: Enumeration = { id: 'ticket.enum.productType', values: [1, 2, 3, 4] };

/** `typeTicketDelivery`: 1 e-ticket, 2 express, 3 collect on site. */
export const DELIVERY_TYPE: Enumeration = { id: 'ticket.enum.delivery', values: [1, 2, 3] };

/** `typeTicketEnter`: 1 with the code, 2 with the ID card, 3 exchange for a paper ticket. */
export const ENTER_TYPE: Enumeration = { id: 'ticket.enum.enter', values: [1, 2, 3] };

/** `typeTicketVoucher`: 0 none, 1 QR code, 2 PDF. */
export const VOUCHER_TYPE: Enumeration = { id: 'ticket.enum.voucher', values: [0, 1, 2] };

/** `typeTicketValidate`: 1 within a date range, 2 on the visit date, 3 within N days of purchase. */
export const VALIDATE_TYPE: Enumeration = { id: 'ticket.enum.validate', values: [1, 2, 3] };

/** `typeLimitTime`: 0 none, 1 before a time of the day, 2 N days ahead. */
export const LIMIT_TIME: Enumeration = { id: 'ticket.enum.limitTime', values: [0, 1, 2] };

/** `typeCancelTime`: 0 non-refundable, 1 any time before use, 2 up to N days before. */
export const CANCEL_TIME: Enumeration = { id: 'ticket.enum.cancelTime', values: [0, 1, 2] };

/** `typeConfirm`: 0 not sure, 1 instant, 2 delayed. */
export const CONFIRM_TYPE: Enumeration = { id: 'ticket.enum.confirm', values: [0, 1, 2] };

/** `typeLimitGoods`: 0 none, 1 per order, 2 per customer, 3 per day. */
export const LIMIT_GOODS: Enumeration = { id: 'ticket.enum.limitGoods', values: [0, 1, 2, 3] };

/** `typeTicketFormField`: what the buyer fills in (1 name, 2 mobile, 3 ID number, 4 e-mail, 5 address). */
export const FORM_FIELD: Enumeration = { id: 'ticket.enum.formField', values: [1, 2, 3, 4, 5] };

/** `typeFieldForm`: a custom field's type (1 text, 2 number, 3 date, 4 select, 5 ID number, 6 mobile). */
export const FIELD_FORM: Enumeration = { id: 'ticket.enum.fieldForm', values: [1, 2, 3, 4, 5, 6] };

/** Who made an order log entry (`role`): the tenant's staff, the supplier, the distributor or the system (a timeout). */
export const LOG_ROLE: Enumeration = { id: 'ticket.enum.logRole', values: ['operator', 'supplier', 'distributor', 'system'] };

/** A voucher's `state`: 0 valid, 1 used, 2 cancelled. */
export const VOUCHER_STATE: Enumeration = { id: 'ticket.enum.voucherState', values: [0, 1, 2] };

/** The gate's `result`: admitted, or why not. */
export const GATE_RESULT: Enumeration = {
  id: 'ticket.enum.gateResult',
  values: ['admitted', 'already-used', 'not-yet-valid', 'expired', 'cancelled', 'not-confirmed', 'wrong-scenic', 'unknown-code'],
};

/** The order log's actions only ticket orders have (the others are the shared `ORDER_LOG_ACTION`'s): a ticket admitted at the gate. */
export const TICKET_LOG_ACTION: Enumeration = { id: 'ticket.enum.logAction', values: ['redeem'] };

/** Every enumeration, for the messages test. */
/**
 * An interface log entry's `action`: push (prices and stock sent), scenics, products (the
 * catalogue pulled), order (a channel placed an order), order-cancel (a channel asked to cancel
 * one), order-notify (the channel told what became of its order).
 */
export const INTERFACE_ACTION: Enumeration = { id: 'ticket.enum.interfaceAction', values: ['push', 'scenics', 'products', 'order', 'order-cancel', 'order-notify'] };

/** An interface log entry's `outcome`: 1 success, 2 refused by the channel, 3 failed (no answer, or the channel's fault). */
export const INTERFACE_OUTCOME: Enumeration = { id: 'ticket.enum.interfaceOutcome', values: [1, 2, 3] };

export const ENUMS: Enumeration[] = [
  SCENIC_STAR,
  SCENIC_STATE,
  SCENIC_OPEN,
  SCENIC_SUPPLIER_STATE,
  REQUEST_STATE,
  REQUEST_KIND,
  PRODUCT_STATE,
  PRODUCT_TYPE,
  DELIVERY_TYPE,
  ENTER_TYPE,
  VOUCHER_TYPE,
  VALIDATE_TYPE,
  LIMIT_TIME,
  CANCEL_TIME,
  CONFIRM_TYPE,
  LIMIT_GOODS,
  FORM_FIELD,
  FIELD_FORM,
  LOG_ROLE,
  VOUCHER_STATE,
  GATE_RESULT,
  TICKET_LOG_ACTION,
  INTERFACE_ACTION,
  INTERFACE_OUTCOME,
];
