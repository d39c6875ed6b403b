// The scenic spot form (the tenant's staff save and update spots): its values as typed, its
// rules (ticket-app's domain/scenic.rs: name 1 to 64 characters, English name up to 64, star 0
// to 5, address up to 200, a phone number or nothing, description up to 4,000) and the body.
import { isPhone, rules, type Rule } from '@tradewind/shared';
import type { ScenicRow } from './types';

export type ScenicFormValues = {
  scenicName: string;
  scenicNameEn: string;
  star: string;
  address: string;
  phone: string;
  description: string;
  state: string;
};

export const emptyScenicForm = (): ScenicFormValues => ({
  scenicName: '',
  scenicNameEn: '',
  star: '0',
  address: '',
  phone: '',
  description: '',
  state: '1',
});

export function scenicFormOf(s: ScenicRow): ScenicFormValues {
  return {
    scenicName: s.scenicName,
    scenicNameEn: s.scenicNameEn,
    star: String(s.star),
    address: s.address,
    phone: s.phone,
    description: s.description,
    state: String(s.state),
  };
}

const S = 'ticket.scenicForm.fields';

export const scenicRules: Partial<Record<keyof ScenicFormValues, Rule<ScenicFormValues>>> = {
  scenicName: rules.all(rules.required('scenicName', `${S}.scenicName`), rules.length('scenicName', 1, 64)),
  scenicNameEn: rules.length('scenicNameEn', 0, 64),
  star: rules.chosen('star', `${S}.star`),
  address: rules.length('address', 0, 200),
  phone: rules.pattern('phone', isPhone, 'form.phone'),
  description: rules.length('description', 0, 4000),
  state: rules.chosen('state', `${S}.state`),
};

/** The spot's fields as ticket-app takes them (`ScenicFields`). */
export function scenicBody(v: ScenicFormValues): Record<string, unknown> {
  return {
    scenicName: v.scenicName.trim(),
    scenicNameEn: v.scenicNameEn.trim(),
    star: Number(v.star),
    address: v.address.trim(),
    phone: v.phone.trim(),
    description: v.description.trim(),
    state: Number(v.state),
  };
}
