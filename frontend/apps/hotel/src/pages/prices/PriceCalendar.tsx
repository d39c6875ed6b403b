// The price and stock calendar of a hotel product (the shared calendar on hotel-app's
// GET /saas/price/priceStore/list, POST priceStore/save and the distributors' priceStoreDistributor
// calls), opened from a product's row with `?productId=`.
import { PERM, PriceCalendar as Calendar, type CalendarConfig } from '@tradewind/shared';
import { appPath } from '../../app';

export const HOTEL_CALENDAR: CalendarConfig = {
  service: 'hotel-app',
  endpoints: {
    list: '/saas/price/priceStore/list',
    save: '/saas/price/priceStore/save',
    distributorList: '/saas/price/priceStoreDistributor/list',
    distributorSave: '/saas/price/priceStoreDistributor/save',
  },
  perms: { save: PERM.price.save, distributorList: PERM.price.distributorList, distributorSave: PERM.price.distributorSave },
  backTo: appPath('product/list'),
  unit: 'room',
  testId: 'hotel-price-calendar',
};

/** The calendar page of a product. */
export function calendarPath(productId: number): string {
  return appPath(`product/priceStore?productId=${productId}`);
}

export default function PriceCalendar() {
  return <Calendar config={HOTEL_CALENDAR} />;
}
