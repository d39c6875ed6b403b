// ticket-app's ticket products, as generated from its OpenAPI document (services/ticket-app/src/
// domain/product.rs, store/products.rs). The generated form types mark the fields a form may
// leave out (ticket-app fills in its defaults) as optional; its answers always carry every field,
// so the answers' types here are the generated ones with every field required.
import type { TicketAppApi } from '@tradewind/shared';

type Api = TicketAppApi['schemas'];

/** A field the product asks of the buyer beyond the standard ones (`CustomField`). */
export type CustomField = Required<Api['CustomField']>;

/** What the product form sends (`TicketProductFields`). */
export type TicketProductFields = Api['TicketProductFields'];

/** `TicketProduct` of ticket-app: lists and load. */
export type TicketProduct = Omit<Required<Api['TicketProduct']>, 'customFields'> & { customFields: CustomField[] };

/** `ScenicGroup` of ticket-app: GET /saas/product/scenicProducts/listScenic. */
export type ScenicGroup = Omit<Api['ScenicGroup'], 'products'> & { products: TicketProduct[] };
