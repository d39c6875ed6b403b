// mall-app's answers as its pages use them (services/mall-app/src/store/*.rs).

/** `MallProduct`: GET /saas/mall/products/list and load. */
export interface ProductRow {
  id: number;
  productName: string;
  keywords: string;
  /** The hotel or ticket product sold; for a general product its own id. */
  productId: number;
  saleType: number;
  saleNum: number;
  supplierId: number;
  supplierName: string;
  /** [start, end) in ms. */
  saleTimeRange: [number, number];
  images: string[];
  description: string;
  /** Fen. */
  price: number;
  stock: number;
  rankNum: number;
  state: number;
  createDate: number;
  modifyDate: number;
}

/** `LinkedProduct`: GET /saas/mall/linked/list. */
export interface LinkedRow {
  productId: number;
  saleType: number;
  supplierId: number;
  productName: string;
  onSale: boolean;
}

/** `Theme`: GET /saas/mall/themes/list. */
export interface ThemeRow {
  id: number;
  themeName: string;
  cover: string;
  sortNum: number;
  startTime: number;
  endTime: number;
  state: number;
  createDate: number;
  modifyDate: number;
}

/** `ThemeDetail`: GET /saas/mall/themes/load. */
export interface ThemeDetail extends ThemeRow {
  products: { id: number; productName: string; price: number; state: number; sortNum: number }[];
}

/** `Session`: GET /saas/mall/snapups/list, live and load. */
export interface SessionRow {
  id: number;
  mallProductId: number;
  productName: string;
  supplierId: number;
  /** The product's own price, fen. */
  price: number;
  snapupPrice: number;
  stock: number;
  stockLeft: number;
  startTime: number;
  endTime: number;
  typeLimitGoods: number;
  typeLimitTarget: number;
  limitNum: number;
  state: number;
  phase: number;
  /** The server's clock at the answer. */
  now: number;
  createDate: number;
  modifyDate: number;
}

/** `MallOrder`. */
export interface OrderRow {
  orderId: number;
  sessionId: number;
  mallProductId: number;
  productName: string;
  quantity: number;
  unitPrice: number;
  orderPrice: number;
  orderState: number;
  payDeadline: number;
  createDate: number;
}

/** `Placed`: POST /saas/mall/orders/place. */
export interface Placed {
  order: OrderRow;
  stockLeft: number;
}
