// The hotel form (the tenant's staff save and update hotels; a supplier sends the same form as
// a request an operator approves): its values as typed, its rules (hotel-app's domain/hotel.rs)
// and the body. What the form does not show (coordinates, time zone) is sent back as loaded, since
// an update replaces every field. The area is a country, province or city code (the area picker).
import { imageList, isClock, isImageUrl, isPhone, rules, type Rule } from '@tradewind/shared';
import type { HotelFull } from './types';

export type HotelFormValues = {
  name: string;
  nameEn: string;
  star: string;
  zoneId: string;
  /** `CN`, `CN-ZJ`, `CN-ZJ-HZ` or '' (hotel-app refuses one not in use). */
  areaId: string;
  address: string;
  postCode: string;
  phone: string;
  fax: string;
  roomNum: string;
  openDate: string;
  checkinTime: string;
  checkoutTime: string;
  /** One address a line. */
  images: string;
  serviceDesc: string;
  state: string;
};

export const emptyHotelForm = (): HotelFormValues => ({
  name: '',
  nameEn: '',
  star: '0',
  zoneId: '',
  areaId: '',
  address: '',
  postCode: '',
  phone: '',
  fax: '',
  roomNum: '',
  openDate: '',
  checkinTime: '14:00',
  checkoutTime: '12:00',
  images: '',
  serviceDesc: '',
  state: '1',
});

export function hotelFormOf(h: HotelFull): HotelFormValues {
  return {
    name: h.name,
    nameEn: h.nameEn,
    star: String(h.star),
    zoneId: h.zoneId ? String(h.zoneId) : '',
    areaId: h.areaId ?? '',
    address: h.address,
    postCode: h.postCode,
    phone: h.phone,
    fax: h.fax,
    roomNum: h.roomNum ? String(h.roomNum) : '',
    openDate: h.openDate,
    checkinTime: h.checkinTime,
    checkoutTime: h.checkoutTime,
    images: h.images.join('\n'),
    serviceDesc: h.serviceDesc,
    state: String(h.state),
  };
}

const H = 'hotel.hotelForm.fields';

export const hotelRules: Partial<Record<keyof HotelFormValues, Rule<HotelFormValues>>> = {
  name: rules.all(rules.required('name', `${H}.name`), rules.length('name', 1, 64)),
  nameEn: (v, intl) => (v.nameEn.trim().length > 128 ? intl.formatMessage({ id: 'form.length' }, { first: 0, second: 128 }) : null),
  star: rules.chosen('star', `${H}.star`),
  phone: rules.pattern('phone', isPhone, 'form.phone'),
  fax: rules.pattern('fax', isPhone, 'form.phone'),
  postCode: rules.pattern('postCode', (s) => /^[A-Za-z0-9 -]{3,10}$/.test(s), 'hotel.hotelForm.rules.postCode'),
  roomNum: rules.pattern('roomNum', (s) => /^\d+$/.test(s) && Number(s) <= 100_000, 'hotel.hotelForm.rules.roomNum'),
  checkinTime: rules.pattern('checkinTime', isClock, 'hotel.hotelForm.rules.clock'),
  checkoutTime: rules.pattern('checkoutTime', isClock, 'hotel.hotelForm.rules.clock'),
  images: rules.pattern(
    'images',
    (s) => imageList(s).every(isImageUrl) && imageList(s).length <= 50,
    'hotel.hotelForm.rules.images',
  ),
  serviceDesc: rules.length('serviceDesc', 0, 2000),
};

/** The hotel's fields as the service takes them; `loaded` keeps what the form leaves alone. */
export function hotelBody(v: HotelFormValues, loaded?: HotelFull | null): Record<string, unknown> {
  return {
    areaId: v.areaId,
    longitude: loaded?.longitude ?? null,
    latitude: loaded?.latitude ?? null,
    timeZone: loaded?.timeZone ?? '',
    name: v.name.trim(),
    nameEn: v.nameEn.trim(),
    star: Number(v.star),
    zoneId: Number(v.zoneId || 0),
    address: v.address.trim(),
    postCode: v.postCode.trim(),
    phone: v.phone.trim(),
    fax: v.fax.trim(),
    roomNum: Number(v.roomNum || 0),
    openDate: v.openDate,
    checkinTime: v.checkinTime.trim(),
    checkoutTime: v.checkoutTime.trim(),
    images: imageList(v.images),
    serviceDesc: v.serviceDesc.trim(),
    state: Number(v.state),
  };
}
