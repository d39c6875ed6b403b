// ticket-app's booking answers, as generated from its OpenAPI document (services/ticket-app/src/
// store/products.rs, store/orders.rs, domain/booking.rs).
import type { TicketAppApi } from '@tradewind/shared';
import type { TicketProduct } from '../products/types';

type Api = TicketAppApi['schemas'];

/** `BookableProduct`: GET /saas/booking/ticketBookings/list. Money in fen; `price`, `retailPrice` and `left` are null when the day has no price (`left` also for no limit). */
export type BookableProduct = TicketProduct & Omit<Required<Api['BookableProduct']>, keyof Api['TicketProduct']>;

/** What the buyer fills in (`Buyer`); the booking form sends every field. */
export type Buyer = Required<Api['Buyer']>;

/** The part of `TicketOrder` the booking shows once placed. */
export type PlacedOrder = Pick<Api['TicketOrder'], 'orderId' | 'orderState' | 'orderPrice' | 'quantity' | 'visitDate'>;
