// ticket-app's scenic spots, suppliers' requests and supplier relationships as it answers them.

/** `Scenic` of ticket-app: GET /saas/ticket/scenicInfos/list and load. */
export interface ScenicRow {
  scenicId: number;
  scenicName: string;
  scenicNameEn: string;
  /** `typeScenicStar`. */
  star: number;
  /** An administrative area code, or empty. */
  areaId: string;
  zoneName: string;
  address: string;
  longitude: number | null;
  latitude: number | null;
  phone: string;
  images: string[];
  /** `typeScenicOpen`. */
  openType: number;
  openTime: string;
  closeTime: string;
  seasons: string;
  description: string;
  notices: string;
  /** `stateScenic`. */
  state: number;
  createDate: number;
  modifyDate: number;
}

/** What a spot's form sends (`ScenicFields`), as a request holds it too. */
export type ScenicFields = Omit<ScenicRow, 'scenicId' | 'createDate' | 'modifyDate'>;

/** `ScenicRequest` of ticket-app: GET /saas/ticket/scenicRequests/list. */
export interface ScenicRequestRow {
  id: number;
  mchId: number;
  mchName: string;
  /** 1 add, 2 change. */
  kind: number;
  /** The spot changed, or the one the approval made; 0 while an add is undecided. */
  scenicId: number;
  fields: ScenicFields | null;
  /** 0 pending, 1 approved, 2 rejected. */
  state: number;
  remark: string;
  requestedBy: number;
  decidedBy: number;
  createDate: number;
  decideDate: number;
}

/** `ScenicSupplier` of ticket-app: GET /saas/ticket/scenicSuppliers/list. */
export interface ScenicSupplierRow {
  id: number;
  scenicId: number;
  scenicName: string;
  mchId: number;
  mchName: string;
  /** `stateScenicSupplier`. */
  state: number;
  remark: string;
  createDate: number;
  modifyDate: number;
}

/** `ScenicForProduct` of ticket-app: GET /saas/product/scenicProducts/listForScenic. */
export interface ScenicForProduct extends ScenicRow {
  /** The supplier's `stateScenicSupplier` with the spot; -1 for none (and for others than suppliers). */
  supplierState: number;
  /** Ticket products on the spot (not deleted): a supplier's own, or the tenant's. */
  productCount: number;
}
