// hotel-app's hotels, rooms and suppliers' hotel requests as it answers them.

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
export interface RoomRow {
  id: number;
  hotelId: number;
  name: string;
  /** A code, 0 to 99. */
  bedType: number;
  /** A code, 0 to 99. */
  roomType: number;
  area: string;
  floor: string;
  maxGuests: number;
  /** 0 no, 1 an extra bed can be added. */
  addBed: number;
  /** '0' none, '1' broadband. */
  broadband: string;
  window: number;
  state: number;
  createDate: number;
  modifyDate: number;
}

/** `HotelRequest` of hotel-app. */
export interface HotelRequestRow {
  id: number;
  mchId: number;
  mchName: string;
  kind: number;
  hotelId: number;
  hotel: { name?: string; address?: string };
  state: number;
  remark: string;
  createDate: number;
  decideDate: number;
}
