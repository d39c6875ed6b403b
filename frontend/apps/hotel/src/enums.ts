// The enumerations the hotel pages show, with the values hotel-app answers (labels in the
// messages as `<id>.<value>`): docs/hotel-orders.md, hotel-catalogue.md, hotel-products.md,
// enums.md, and services/hotel-app/src/domain/order_state.rs.
import { CANCEL_APPLY, ORDER_LOG_ACTION, ORDER_PROGRESS, ORDER_STATE, PAY_STATE, PAY_TYPE, type Enumeration } from '@tradewind/shared';

// The order enumerations are shared with the ticket pages (one state machine, one set of labels).
export { CANCEL_APPLY, ORDER_STATE, PAY_STATE, PAY_TYPE };
export const PROGRESS = ORDER_PROGRESS;
export const LOG_ACTION = ORDER_LOG_ACTION;

/** A night's `stockSource`. */
export const STOCK_SOURCE: Enumeration = { id: 'hotel.enum.stockSource', values: [0, 1, 2] };

/** The order lists' `dateType`. */
export const DATE_TYPE: Enumeration = { id: 'hotel.enum.dateType', values: [1, 2, 3] };

/** `hotelStars`. */
export const HOTEL_STAR: Enumeration = { id: 'hotel.enum.star', values: [0, 1, 2, 3, 4, 5, 6, 7, 8] };

/** `state` of hotels and rooms: 1 normal, 0 disabled. */
export const HOTEL_STATE: Enumeration = { id: 'hotel.enum.hotelState', values: [1, 0] };

/** A room's `window`: 0 no window, 1 windows, 2 some rooms have one. */
export const ROOM_WINDOW: Enumeration = { id: 'hotel.enum.window', values: [0, 1, 2] };

/** A product's `state`. */
export const PRODUCT_STATE: Enumeration = { id: 'hotel.enum.productState', values: [0, 1, 2, 3, -1] };

/** `confirmType`. */
export const CONFIRM_TYPE: Enumeration = { id: 'hotel.enum.confirmType', values: [0, 1, 2] };

/** `cancelType`. */
export const CANCEL_TYPE: Enumeration = { id: 'hotel.enum.cancelType', values: [0, 1, 2, 3] };

/** `isOnlinePay`. */
export const ONLINE_PAY: Enumeration = { id: 'hotel.enum.onlinePay', values: [0, 1, 2] };

/** `breakfasts`. */
export const BREAKFAST: Enumeration = { id: 'hotel.enum.breakfast', values: [0, 1, 2, 3, 4, 99] };

/** A product's `lunchNum` and `dinnerNum`: the breakfasts' values, named without the meal. */
export const MEAL: Enumeration = { id: 'hotel.enum.meal', values: BREAKFAST.values };

/** A product's `shareType`: 0 not shared, 1 shared. */
export const SHARE_TYPE: Enumeration = { id: 'hotel.enum.shareType', values: [0, 1] };

/** A product's `guestType`: 1 adults, 2 children. */
export const GUEST_TYPE: Enumeration = { id: 'hotel.enum.guestType', values: [1, 2] };

/** A supplier's hotel request `state`: 0 pending, 1 approved, 2 rejected. */
export const REQUEST_STATE: Enumeration = { id: 'hotel.enum.requestState', values: [0, 1, 2] };

/** A hotel request's `kind`: 1 add a hotel, 2 change one. */
export const REQUEST_KIND: Enumeration = { id: 'hotel.enum.requestKind', values: [1, 2] };

/** Every enumeration, for the messages test. */
export const ENUMS: Enumeration[] = [
  STOCK_SOURCE,
  DATE_TYPE,
  HOTEL_STAR,
  HOTEL_STATE,
  ROOM_WINDOW,
  PRODUCT_STATE,
  CONFIRM_TYPE,
  CANCEL_TYPE,
  ONLINE_PAY,
  BREAKFAST,
  MEAL,
  SHARE_TYPE,
  GUEST_TYPE,
  REQUEST_STATE,
  REQUEST_KIND,
];
