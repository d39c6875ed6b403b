// ticket-app's order reports as it answers them.
import type { TicketAppApi } from '@tradewind/shared';

/** `TicketProductSummary` of ticket-app (no supplierPrice nor profit for a distributor). */
export type ProductSummary = TicketAppApi['schemas']['TicketProductSummary'];
