// The enumerations the mall pages show, with the values mall-app answers (labels in the messages
// as `<id>.<value>`): docs/mall.md, docs/enums.md and services/mall-app/src/domain/.
import type { Enumeration } from '@tradewind/shared';

/** A mall product's `state`: 0 draft, 1 published, 2 withdrawn. */
export const PRODUCT_STATE: Enumeration = { id: 'mall.enum.productState', values: [0, 1, 2] };

/** `saleType` (the spec's `typeProducts`): 10 hotel, 20 ticket, 60 general product. */
export const SALE_TYPE: Enumeration = { id: 'mall.enum.saleType', values: [10, 20, 60] };

/** A theme's `state`: 1 enabled, 0 disabled. */
export const THEME_STATE: Enumeration = { id: 'mall.enum.themeState', values: [1, 0] };

/** `typeLimitGoods`: 0 none, 1 per order, 2 per customer, 3 per day. */
export const LIMIT_GOODS: Enumeration = { id: 'mall.enum.typeLimitGoods', values: [0, 1, 2, 3] };

/** `typeLimitTarget` values a session counts by: -1 unlimited, 0 IP, 1 user, 2 merchant, 5 SaaS,
 * 11/12/15 the user, merchant or SaaS over the product across its sessions ("resource"). */
export const LIMIT_TARGET: Enumeration = { id: 'mall.enum.typeLimitTarget', values: [-1, 0, 1, 2, 5, 11, 12, 15] };

/** A session's `phase`: 0 not started, 1 live, 2 ended, 3 stopped, 4 sold out. */
export const SESSION_PHASE: Enumeration = { id: 'mall.enum.phase', values: [0, 1, 2, 3, 4] };

/** A mall order's `orderState`: 2 unpaid, 3 paid, 4 cancelled. */
export const ORDER_STATE: Enumeration = { id: 'mall.enum.orderState', values: [2, 3, 4] };

/** A mall order's `payState`: 0 unpaid, 20 paying, 21 paid, 29 refused, 51 refunded. */
export const PAY_STATE: Enumeration = { id: 'mall.enum.payState', values: [0, 20, 21, 29, 51] };

/** Every enumeration, for the messages test. */
export const ENUMS: Enumeration[] = [PRODUCT_STATE, SALE_TYPE, THEME_STATE, LIMIT_GOODS, LIMIT_TARGET, SESSION_PHASE, ORDER_STATE, PAY_STATE];
