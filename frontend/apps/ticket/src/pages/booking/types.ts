// ticket-app's booking answers (services/ticket-app/src/store/products.rs, store/orders.rs).
import type { TicketProduct } from '../products/types';

/** `BookableProduct`: GET /saas/booking/ticketBookings/list. Money in fen. */
export interface BookableProduct extends TicketProduct {
  visitDate: string;
  /** What the distributor pays per ticket; null when the day has no price. */
  price: number | null;
  retailPrice: number | null;
  /** Tickets left for it; null for no limit (or no price). */
  left: number | null;
  bookable: boolean;
  /** `no-price`, `closed` or `sold-out`; empty when bookable. */
  reason: string;
}

/** What the buyer fills in (`Buyer`). */
export interface Buyer {
  name: string;
  mobile: string;
  idNumber: string;
  email: string;
  address: string;
  custom: Record<string, string>;
}

/** The part of `TicketOrder` the booking shows once placed. */
export interface PlacedOrder {
  orderId: number;
  orderState: number;
  orderPrice: number;
  quantity: number;
  visitDate: string;
}
