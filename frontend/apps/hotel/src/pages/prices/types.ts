// hotel-app's calendar answers (services/hotel-app/src/store/prices.rs). Money in fen, days
// `YYYY-MM-DD`.

/** How a distributor books a night. */
export interface DistributorNight {
  /** Its own price; null follows the common distribution price. */
  distributionPrice: number | null;
  /** Rooms set aside for it; null books from the common stock. */
  authorizedStock: number | null;
  authorizedSold: number;
  effectivePrice: number;
  /** null: no limit. */
  effectiveStock: number | null;
  /** authorized, common or unlimited. */
  stockSource: string;
  bookable: boolean;
}

/** `PriceDay`: GET /saas/price/priceStore/list, one per date of the range. */
export interface PriceDay {
  day: string;
  hasPrice: boolean;
  purchasePrice: number | null;
  distributionPrice: number | null;
  retailPrice: number | null;
  /** limited or unlimited. */
  stockType: string | null;
  stock: number | null;
  sold: number | null;
  closed: boolean | null;
  distributor?: DistributorNight;
}

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
export interface PriceSaved {
  dates: string[];
  created: number;
}
