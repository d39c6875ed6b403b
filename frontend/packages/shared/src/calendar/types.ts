// The calendar's answers, one shape in hotel-app and ticket-app (their store/prices.rs,
// store/calendar.rs). Money in fen, days `YYYY-MM-DD`.

import type { HotelAppApi } from '../api-types';

/** How a distributor books a night. */
export type DistributorNight = HotelAppApi['schemas']['DistributorNight'];

/** `PriceDay`: the calendar's list, one per date of the range (with a distributor asked for,
 * how it books the date). */
export type PriceDay = HotelAppApi['schemas']['PriceDay'];

/** `DistributorDay`: GET /saas/price/priceStoreDistributor/list. */
export interface DistributorDay extends DistributorNight {
  day: string;
  distributorId: number;
  distributorName: string;
  commonDistributionPrice: number;
  commonStockType: string;
  commonStock: number | null;
}

/** What a save changed. */
export type PriceSaved = HotelAppApi['schemas']['PriceSaved'];
