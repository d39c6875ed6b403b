// A distributor's own dates read from a calendar list asked for it (ticket-app's shape).
import { ownDays } from './DistributorPrices';
import type { PriceDay } from './types';

const common = { hasPrice: true, purchasePrice: 5_000, distributionPrice: 8_000, retailPrice: 10_000, stockType: 'limited', stock: 30, sold: 2, closed: false };
const night = { authorizedSold: 1, bookable: true, byRule: false, effectivePrice: 7_000, effectiveStock: 4, stockSource: 'authorized' };

describe("a distributor's own dates", () => {
  it('keeps the dates with its own price or stock or priced by its rule, beside the common ones', () => {
    const days: PriceDay[] = [
      { day: '2026-12-01', ...common, distributor: { ...night, distributionPrice: 7_000, authorizedStock: 5 } },
      { day: '2026-12-02', ...common, distributor: { ...night, distributionPrice: null, authorizedStock: null, stockSource: 'common' } },
      { day: '2026-12-03', ...common },
      { day: '2026-12-04', ...common, distributor: { ...night, distributionPrice: null, authorizedStock: null, stockSource: 'common', byRule: true, effectivePrice: 6_400 } },
    ];
    expect(ownDays(days, 2002, 'Blue Travel')).toEqual([
      {
        ...night,
        distributionPrice: 7_000,
        authorizedStock: 5,
        day: '2026-12-01',
        distributorId: 2002,
        distributorName: 'Blue Travel',
        commonDistributionPrice: 8_000,
        commonStockType: 'limited',
        commonStock: 30,
      },
      {
        ...night,
        distributionPrice: null,
        authorizedStock: null,
        stockSource: 'common',
        byRule: true,
        effectivePrice: 6_400,
        day: '2026-12-04',
        distributorId: 2002,
        distributorName: 'Blue Travel',
        commonDistributionPrice: 8_000,
        commonStockType: 'limited',
        commonStock: 30,
      },
    ]);
  });
});
