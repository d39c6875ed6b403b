// What tells one application's order pages from another's: hotel-app's and ticket-app's orders
// follow one state machine and are listed, shown and acted on the same way (orders.ts), so one
// set of pages serves both, told the service, the message ids and the detail page's path by this.
// What the product kind adds (a hotel's nights and guests, a ticket's buyer and vouchers) the
// application draws itself and hands in.
import type { Service } from '../api';

export interface OrderPagesConfig {
  /** The service that answers the lists, the detail and the actions. */
  service: Service;
  messages: {
    /** Prefix of the fields' labels: `<fields>.orderId`, `.contactName`, `.orderState` ... */
    fields: string;
    /** Prefix of the detail page's: `<detail>.title` (with `{orderId}`), `.noOrder`, `.notLoaded`. */
    detail: string;
    /** Prefix of the actions': `<actions>.<key>` (the button), `.question.<key>`, `.reason`, `.payType`, `.amount`. */
    actions: string;
    /** The detail page's Back button. */
    back: string;
  };
  /** The console path of an order's detail page (the lists link each order to it). */
  detailPath: (orderId: number) => string;
}
