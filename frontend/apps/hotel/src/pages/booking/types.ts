// hotel-app's booking answers (services/hotel-app/src/api/booking.rs). Money in fen.

import type { HotelAppApi } from '@tradewind/shared';

/** `BookableHotel`: a row of GET /saas/booking/hotelBookings/list. */
export type BookableHotel = HotelAppApi['schemas']['BookableHotel'];

export type QuotedNight = HotelAppApi['schemas']['QuotedNight'];

/** `QuotedProduct`: a product priced for the stay. */
export type QuotedProduct = HotelAppApi['schemas']['QuotedProduct'];

/** `HotelDetail`: GET /saas/booking/hotelBookings/hotelDetail. */
export type HotelDetail = HotelAppApi['schemas']['HotelDetail'];
