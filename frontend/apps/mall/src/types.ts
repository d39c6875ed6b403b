// mall-app's answers as its pages use them: the types generated from its OpenAPI document
// (packages/shared/src/api-types/mall-app.ts, `npm run api-types`), so a page cannot drift from
// what services/mall-app/src/store/*.rs serialises.
import type { MallAppApi } from '@tradewind/shared';

type Schemas = MallAppApi['schemas'];

/** `MallProduct`: GET /saas/mall/products/list and load. */
export type ProductRow = Schemas['MallProduct'];

/** `LinkedProduct`: GET /saas/mall/linked/list. */
export type LinkedRow = Schemas['LinkedProduct'];

/** `Theme`: GET /saas/mall/themes/list. */
export type ThemeRow = Schemas['Theme'];

/** `ThemeDetail`: GET /saas/mall/themes/load (the theme with its products in order). */
export type ThemeDetail = Schemas['ThemeDetail'];

/** `Session`: GET /saas/mall/snapups/list, live and load. */
export type SessionRow = Schemas['Session'];

/** `MallOrder`: GET /saas/mall/orders/list and load, PUT pay and cancel. */
export type OrderRow = Schemas['MallOrder'];

/** `Placed`: POST /saas/mall/orders/place. */
export type Placed = Schemas['Placed'];
