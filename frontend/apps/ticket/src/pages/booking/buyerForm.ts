// The buyer's form of a ticket order: the fields the product asks (`formFields`, its custom
// fields), checked as ticket-app's domain/booking.rs checks them, and the order's body. Field
// names are ticket-app's (`buyer.mobile`, `buyer.custom.<name>`), so its 412 shows under them.
import { isEmail, isMobile, type FormValues, type Rule } from '@tradewind/shared';
import type { IntlShape } from 'react-intl';
import type { CustomField } from '../products/types';
import type { Buyer } from './types';

/** `typeTicketFormField` and the buyer's field each asks. */
export const STANDARD_FIELDS: { type: number; name: keyof Omit<Buyer, 'custom'> }[] = [
  { type: 1, name: 'name' },
  { type: 2, name: 'mobile' },
  { type: 3, name: 'idNumber' },
  { type: 4, name: 'email' },
  { type: 5, name: 'address' },
];

const customKey = (name: string) => `buyer.custom.${name}`;

export function emptyBuyerForm(custom: CustomField[]): FormValues {
  const v: FormValues = { quantity: '1', remark: '' };
  for (const f of STANDARD_FIELDS) v[`buyer.${f.name}`] = '';
  for (const c of custom) v[customKey(c.name)] = '';
  return v;
}

const text = (v: FormValues, k: string) => String(v[k] ?? '').trim();
const required = (intl: IntlShape, label: string) => intl.formatMessage({ id: 'form.enter' }, { name: label });

export function buyerRules(formFields: number[], custom: CustomField[], labelOf: (type: number) => string): Record<string, Rule<FormValues>> {
  const out: Record<string, Rule<FormValues>> = {
    quantity: (v, intl) => {
      const q = text(v, 'quantity');
      return /^\d+$/.test(q) && Number(q) >= 1 && Number(q) <= 999 ? null : intl.formatMessage({ id: 'ticket.booking.rules.quantity' });
    },
    remark: (v, intl) => (text(v, 'remark').length > 500 ? intl.formatMessage({ id: 'form.length' }, { first: 0, second: 500 }) : null),
  };
  for (const f of STANDARD_FIELDS) {
    const key = `buyer.${f.name}`;
    out[key] = (v, intl) => {
      const s = text(v, key);
      if (!s) return formFields.includes(f.type) ? required(intl, labelOf(f.type)) : null;
      if (f.name === 'mobile' && !isMobile(s)) return intl.formatMessage({ id: 'form.mobile' });
      if (f.name === 'email' && !isEmail(s)) return intl.formatMessage({ id: 'form.email' });
      if (f.name === 'idNumber' && !/^[A-Za-z0-9-]{1,32}$/.test(s)) return intl.formatMessage({ id: 'ticket.booking.rules.idNumber' });
      return null;
    };
  }
  for (const c of custom) {
    const key = customKey(c.name);
    out[key] = (v, intl) => (c.required && !text(v, key) ? required(intl, c.name) : null);
  }
  return out;
}

/** The body of POST /saas/booking/ticketBookings/order. */
export function orderBody(productId: number, visitDate: string, v: FormValues, custom: CustomField[]) {
  const buyer: Buyer = { name: '', mobile: '', idNumber: '', email: '', address: '', custom: {} };
  for (const f of STANDARD_FIELDS) buyer[f.name] = text(v, `buyer.${f.name}`);
  for (const c of custom) {
    const s = text(v, customKey(c.name));
    if (s) buyer.custom[c.name] = s;
  }
  return { productId, visitDate, quantity: Number(text(v, 'quantity')), buyer, remark: text(v, 'remark') };
}
