// hotel-app's order reports as it answers them.

import type { HotelAppApi } from '@tradewind/shared';

/** `ProductSummary` of hotel-app. */
export type ProductSummary = HotelAppApi['schemas']['ProductSummary'];
