// ticket-app's ticket products as it answers them (services/ticket-app/src/domain/product.rs,
// store/products.rs).

/** A field the product asks of the buyer beyond the standard ones (`CustomField`). */
export interface CustomField {
  name: string;
  /** `typeFieldForm`. */
  fieldType: number;
  required: boolean;
  /** The choices of a select field. */
  options: string[];
}

/** What the product form sends (`TicketProductFields`). */
export interface TicketProductFields {
  productName: string;
  scenicId: number;
  supplierId?: number | null;
  productType: number;
  deliveryType: number;
  enterType: number;
  voucherType: number;
  voucherPerTicket: boolean;
  validateType: number;
  validStart: string;
  validEnd: string;
  validDays: number;
  limitTimeType: number;
  limitDays: number;
  limitTime: string;
  cancelType: number;
  cancelDays: number;
  confirmType: number;
  limitGoodsType: number;
  limitNum: number;
  limitBy: number;
  formFields: number[];
  customFields: CustomField[];
  interfaceId: number;
  payOnline: boolean;
  smsText: string;
  images: string[];
  description: string;
  notice: string;
}

/** `TicketProduct` of ticket-app: lists and load. */
export interface TicketProduct extends TicketProductFields {
  productId: number;
  supplierId: number;
  supplierName: string;
  scenicName: string;
  /** 0 unpublished, 1 on sale, 2 off the shelf, 3 disabled, -1 deleted. */
  state: number;
  /** The confirmation SMS as it is sent. */
  smsParts: string[];
  createDate: number;
  modifyDate: number;
}

/** `ScenicGroup` of ticket-app: GET /saas/product/scenicProducts/listScenic. */
export interface ScenicGroup {
  scenicId: number;
  scenicName: string;
  products: TicketProduct[];
}
