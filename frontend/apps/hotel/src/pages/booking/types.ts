// hotel-app's booking answers (services/hotel-app/src/api/booking.rs). Money in fen.

/** `BookableHotel`: a row of GET /saas/booking/hotelBookings/list. */
export interface BookableHotel {
  hotelId: number;
  name: string;
  nameEn: string;
  star: number;
  zoneId: number;
  address: string;
  /** The lowest total price of a bookable product for the stay. */
  minPrice: number;
  bookableProducts: number;
}

export interface QuotedNight {
  date: string;
  /** Per room. */
  price: number;
  retailPrice: number;
  /** Rooms left; absent: no limit. */
  left?: number | null;
  closed: boolean;
}

/** `QuotedProduct`: a product priced for the stay. */
export interface QuotedProduct {
  productId: number;
  productName: string;
  hotelId: number;
  roomId: number;
  roomName: string;
  confirmType: number;
  isOnlinePay: number;
  /** The stay's price for all rooms. */
  totalPrice: number;
  nightly: QuotedNight[];
  bookable: boolean;
  /** Why not, when not bookable. */
  reason?: string | null;
  needConfirm: boolean;
}

/** `HotelDetail`: GET /saas/booking/hotelBookings/hotelDetail. */
export interface HotelDetail {
  hotelId: number;
  name: string;
  nameEn: string;
  star: number;
  address: string;
  phone: string;
  images: string[];
  checkinTime: string;
  checkoutTime: string;
  serviceDesc: string;
  products: QuotedProduct[];
}
