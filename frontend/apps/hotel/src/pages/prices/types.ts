// hotel-app's calendar answers (services/hotel-app/src/store/prices.rs). Money in fen, days
// `YYYY-MM-DD`.

import type { HotelAppApi } from '@tradewind/shared';

/** How a distributor books a night. */
export type DistributorNight = HotelAppApi['schemas']['DistributorNight'];

/** `PriceDay`: GET /saas/price/priceStore/list, one per date of the range. */
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
