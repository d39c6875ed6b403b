// The hotel product form: values as typed, rules as hotel-app checks them (domain/product.rs,
// docs/hotel-products.md) and the body of save / updateHotelProduct.
import { rules, type Rule } from '@tradewind/shared';
import type { IntlShape } from 'react-intl';
import type { ProductFull } from './types';

const TEXT = ['productName', 'productShortName', 'productDesc', 'cancelPolicy', 'supplierHotelId', 'supplierProductId', 'supplierRoomId'] as const;
export const NUMBERS = [
  // 0 takes the hotel's zone.
  'zoneId',
  'hotelId',
  'roomId',
  'supplierId',
  'confirmType',
  'shareType',
  'cancelType',
  'isOnlinePay',
  'earliestBookingDays',
  'earliestBookingHours',
  'latestBookingDays',
  'latestBookingHours',
  'breakfastNum',
  'lunchNum',
  'dinnerNum',
  'serialCheckinMin',
  'serialCheckinMax',
  'roomCountMin',
  'roomCountMax',
  'moveupCancelDays',
  'moveupCancelHours',
  'guestType',
] as const;

export type ProductFormValues = Record<(typeof TEXT)[number] | (typeof NUMBERS)[number], string> & {
  /** '1' credit, '2' cash. */
  paymentTypes: string[];
};

export function emptyProductForm(): ProductFormValues {
  return {
    productName: '',
    productShortName: '',
    productDesc: '',
    cancelPolicy: '',
    supplierHotelId: '',
    supplierProductId: '',
    supplierRoomId: '',
    zoneId: '0',
    hotelId: '',
    roomId: '',
    supplierId: '',
    confirmType: '1',
    shareType: '0',
    cancelType: '0',
    isOnlinePay: '0',
    earliestBookingDays: '0',
    earliestBookingHours: '0',
    latestBookingDays: '0',
    latestBookingHours: '0',
    breakfastNum: '0',
    lunchNum: '0',
    dinnerNum: '0',
    serialCheckinMin: '1',
    serialCheckinMax: '0',
    roomCountMin: '1',
    roomCountMax: '0',
    moveupCancelDays: '0',
    moveupCancelHours: '0',
    guestType: '1',
    paymentTypes: ['1'],
  };
}

export function productFormOf(p: ProductFull): ProductFormValues {
  const v = emptyProductForm();
  for (const k of TEXT) v[k] = p[k] ?? '';
  for (const k of NUMBERS) v[k] = String(p[k] ?? '');
  v.paymentTypes = p.paymentTypes.split(',').filter(Boolean);
  return v;
}

const between =
  (name: keyof ProductFormValues & string, min: number, max: number): Rule<ProductFormValues> =>
  (v, intl: IntlShape) => {
    const s = String(v[name]).trim();
    const n = Number(s);
    return !/^\d+$/.test(s) || n < min || n > max ? intl.formatMessage({ id: 'hotel.productForm.rules.between' }, { min, max }) : null;
  };

/** A maximum: 0 (no limit) or from the minimum to `max`. */
const upTo =
  (name: 'serialCheckinMax' | 'roomCountMax', minField: 'serialCheckinMin' | 'roomCountMin', max: number): Rule<ProductFormValues> =>
  (v, intl) => {
    const n = Number(v[name]);
    const min = Number(v[minField]);
    return !/^\d+$/.test(v[name].trim()) || (n !== 0 && (n < min || n > max))
      ? intl.formatMessage({ id: 'hotel.productForm.rules.max' }, { min, max })
      : null;
  };

const P = 'hotel.productForm.fields';

export function productRules(staff: boolean): Partial<Record<keyof ProductFormValues, Rule<ProductFormValues>>> {
  return {
    productName: rules.all(rules.required('productName', `${P}.productName`), rules.length('productName', 1, 100)),
    productShortName: rules.length('productShortName', 0, 50),
    productDesc: rules.length('productDesc', 0, 2000),
    cancelPolicy: rules.length('cancelPolicy', 0, 500),
    hotelId: rules.required('hotelId', `${P}.hotelId`),
    roomId: rules.chosen('roomId', `${P}.roomId`),
    ...(staff ? { supplierId: rules.chosen('supplierId', `${P}.supplierId`) } : {}),
    paymentTypes: rules.required('paymentTypes', `${P}.paymentTypes`),
    earliestBookingDays: between('earliestBookingDays', 0, 365),
    earliestBookingHours: between('earliestBookingHours', 0, 23),
    latestBookingDays: between('latestBookingDays', 0, 365),
    latestBookingHours: between('latestBookingHours', 0, 23),
    serialCheckinMin: between('serialCheckinMin', 1, 90),
    serialCheckinMax: upTo('serialCheckinMax', 'serialCheckinMin', 90),
    roomCountMin: between('roomCountMin', 1, 99),
    roomCountMax: upTo('roomCountMax', 'roomCountMin', 99),
    moveupCancelDays: (v, intl) =>
      between('moveupCancelDays', 0, 365)(v, intl) ??
      (v.cancelType === '2' && Number(v.moveupCancelDays) === 0 && Number(v.moveupCancelHours) === 0
        ? intl.formatMessage({ id: 'hotel.productForm.rules.deadline' })
        : null),
    moveupCancelHours: between('moveupCancelHours', 0, 23),
    supplierHotelId: rules.length('supplierHotelId', 0, 64),
    supplierProductId: rules.length('supplierProductId', 0, 64),
    supplierRoomId: rules.length('supplierRoomId', 0, 64),
  };
}

/** The fields as the service takes them; a supplier's own products need no supplier. */
export function productBody(v: ProductFormValues, staff: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const k of TEXT) body[k] = v[k].trim();
  for (const k of NUMBERS) body[k] = Number(v[k] || 0);
  if (!staff) delete body.supplierId;
  body.paymentTypes = [...v.paymentTypes].sort().join(',');
  return body;
}
