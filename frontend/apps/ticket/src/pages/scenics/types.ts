// ticket-app's scenic spots, suppliers' requests and supplier relationships, as generated from
// its OpenAPI document (services/ticket-app/src/api/scenics.rs, scenic_suppliers.rs).
import type { TicketAppApi } from '@tradewind/shared';

type Api = TicketAppApi['schemas'];

/** `Scenic` of ticket-app: GET /saas/ticket/scenicInfos/list and load. */
export type ScenicRow = Omit<Api['Scenic'], 'longitude' | 'latitude'> & { longitude: number | null; latitude: number | null };

/** What a spot's form sends (`ScenicFields`), as a request holds it too; the answers carry every field. */
export type ScenicFields = Required<Api['ScenicFields']>;

/** `ScenicRequest` of ticket-app: GET /saas/ticket/scenicRequests/list. */
export type ScenicRequestRow = Omit<Api['ScenicRequest'], 'fields'> & { fields: ScenicFields | null };

/** `ScenicSupplier` of ticket-app: GET /saas/ticket/scenicSuppliers/list. */
export type ScenicSupplierRow = Api['ScenicSupplier'];

/** `ScenicForProduct` of ticket-app: GET /saas/product/scenicProducts/listForScenic. */
export type ScenicForProduct = ScenicRow & Pick<Api['ScenicForProduct'], 'supplierState' | 'productCount'>;
