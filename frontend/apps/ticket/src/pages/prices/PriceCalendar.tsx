// The price and stock calendar of a ticket product, per visit day (the shared calendar on
// ticket-app's GET /saas/price/ticketPriceStore/list, POST ticketPriceStore/save and
// ticketPriceStoreDistributor/save; a distributor's own prices are read from the list asked for
// that distributor), opened from a product's row with `?productId=`.
import { PERM, PriceCalendar as Calendar, type CalendarConfig } from '@tradewind/shared';
import { appPath } from '../../app';

export const TICKET_CALENDAR: CalendarConfig = {
  service: 'ticket-app',
  endpoints: {
    list: '/saas/price/ticketPriceStore/list',
    save: '/saas/price/ticketPriceStore/save',
    distributorSave: '/saas/price/ticketPriceStoreDistributor/save',
  },
  perms: { save: PERM.ticketPrice.save, distributorList: PERM.ticketPrice.list, distributorSave: PERM.ticketPrice.distributorSave },
  backTo: appPath('product/scenicProducts/list'),
  unit: 'ticket',
  testId: 'ticket-price-calendar',
};

/** The calendar page of a product. */
export function calendarPath(productId: number): string {
  return appPath(`product/ticketPriceStore?productId=${productId}`);
}

export default function PriceCalendar() {
  return <Calendar config={TICKET_CALENDAR} />;
}
