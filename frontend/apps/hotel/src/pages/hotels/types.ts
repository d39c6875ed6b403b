// hotel-app's hotels, rooms and suppliers' hotel requests as it answers them.

import type { HotelAppApi } from '@tradewind/shared';

/** `Hotel` of hotel-app (the fields this list shows). */
export interface HotelRow {
  id: number;
  name: string;
  nameEn: string;
  star: number;
  zoneId: number;
  zoneName: string;
  address: string;
  phone: string;
  roomNum: number;
  state: number;
  createDate: number;
}

/** `Hotel` of hotel-app: GET /saas/hotel/hotelInfos/load. */
export interface HotelFull {
  id: number;
  name: string;
  nameEn: string;
  star: number;
  areaId: string;
  zoneId: number;
  zoneName: string;
  address: string;
  postCode: string;
  phone: string;
  fax: string;
  images: string[];
  roomNum: number;
  openDate: string;
  checkinTime: string;
  checkoutTime: string;
  longitude: number | null;
  latitude: number | null;
  timeZone: string;
  serviceDesc: string;
  state: number;
}

/** `Room` of hotel-app. */
export type RoomRow = HotelAppApi['schemas']['Room'];

/** `HotelRequest` of hotel-app. */
export type HotelRequestRow = HotelAppApi['schemas']['HotelRequest'];
