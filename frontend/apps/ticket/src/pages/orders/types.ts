// ticket-app's order answers, as generated from its OpenAPI document (services/ticket-app/src/api/
// orders.rs, store/orders.rs). Money in fen, times in ms, days `YYYY-MM-DD`.
import type { TicketAppApi } from '@tradewind/shared';

/** `TicketOrder`: a row of the three order lists and GET /saas/order/ticketSys/load. */
export type TicketOrder = TicketAppApi['schemas']['TicketOrder'];
/** `OrderLog`: GET /saas/log/ticketOrderLog/list?orderId=. */
export type TicketOrderLog = TicketAppApi['schemas']['OrderLog'];

/** `Voucher`: GET /saas/order/ticketVoucher/list?orderId=. */
export type TicketVoucher = TicketAppApi['schemas']['Voucher'];
/** `Redemption`: POST /saas/ticket/ticketVoucher/redeem. */
export type Redemption = TicketAppApi['schemas']['Redemption'];
