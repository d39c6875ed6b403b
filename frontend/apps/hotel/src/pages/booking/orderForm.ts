// The booking form: for the tenant's staff the distributor booked for; contact, stay and one name per guest (at least one; the service allows the
// room's maximum guests per room), its rules and the body of POST /saas/booking/hotelBookings/order.
import { isPhone, rules, type FormValues, type Rule } from '@tradewind/shared';
import { stayProblem, type Stay } from './stay';

export type OrderFormValues = FormValues & {
  checkinDate: string;
  checkoutDate: string;
  roomNum: string;
  contactName: string;
  contactPhone: string;
  orderMemo: string;
  /** For products paid online or at the hotel: online, hotel. */
  payOnline: string;
  /** How many guest name fields are shown. */
  guestCount: string;
  /** The tenant's staff book for a distributor, picked from the tenant's list. */
  distributorId: string;
};

/** The field of guest `i`'s name, named as the service names it in a 412. */
export const guestField = (i: number) => `guests[${i}].name`;

export function emptyOrderForm(stay: Stay, distributorId = ''): OrderFormValues {
  return {
    ...stay,
    distributorId,
    contactName: '',
    contactPhone: '',
    orderMemo: '',
    payOnline: 'online',
    guestCount: '1',
    [guestField(0)]: '',
  };
}

export function guestNames(v: OrderFormValues): string[] {
  return Array.from({ length: Number(v.guestCount) }, (_, i) => String(v[guestField(i)] ?? '').trim());
}

export function orderRules(v: OrderFormValues, today: string, staff = false): Record<string, Rule<OrderFormValues>> {
  const stay =
    (field: keyof Stay): Rule<OrderFormValues> =>
    (values, intl) => {
      const p = stayProblem(values, today);
      return p && p.field === field ? intl.formatMessage({ id: p.id }) : null;
    };
  const out: Record<string, Rule<OrderFormValues>> = {
    checkinDate: stay('checkinDate'),
    checkoutDate: stay('checkoutDate'),
    roomNum: stay('roomNum'),
    contactName: rules.all(rules.required('contactName', 'hotel.booking.fields.contactName'), rules.length('contactName', 1, 50)),
    contactPhone: rules.all(rules.required('contactPhone', 'hotel.booking.fields.contactPhone'), rules.pattern('contactPhone', isPhone, 'form.phone')),
    orderMemo: (values, intl) => (values.orderMemo.length > 500 ? intl.formatMessage({ id: 'form.length' }, { first: 0, second: 500 }) : null),
  };
  if (staff) out.distributorId = rules.chosen('distributorId', 'hotel.booking.fields.distributor');
  for (let i = 0; i < Number(v.guestCount); i += 1) {
    out[guestField(i)] = rules.all(rules.required(guestField(i), 'hotel.booking.fields.guestName'), rules.length(guestField(i), 1, 50));
  }
  return out;
}

/** The body of the order; `payOnline` only for a product taking both ways of paying. */
export function orderBody(productId: number, v: OrderFormValues, o: { isOnlinePay: number; staff?: boolean }) {
  const body: Record<string, unknown> = {
    productId,
    checkinDate: v.checkinDate,
    checkoutDate: v.checkoutDate,
    roomNum: Number(v.roomNum),
    contactName: v.contactName.trim(),
    contactPhone: v.contactPhone.trim(),
    guests: guestNames(v).map((name) => ({ name })),
    orderMemo: v.orderMemo.trim(),
  };
  if (o.staff) body.distributorId = Number(v.distributorId);
  if (o.isOnlinePay === 2) body.payOnline = v.payOnline === 'online';
  return body;
}
