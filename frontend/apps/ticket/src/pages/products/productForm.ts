// The ticket product form: its values as typed, its rules (ticket-app's domain/product.rs,
// checked here first so the form names every problem at once; ticket-app checks them again and
// its 412 names the field) and the body.
import { imageList, isClock, isImageUrl, rules, type Rule } from '@tradewind/shared';
import type { IntlShape } from 'react-intl';
import { smsParts } from './sms';
import type { CustomField, TicketProduct, TicketProductFields } from './types';

export type ProductFormValues = {
  productName: string;
  scenicId: string;
  supplierId: string;
  productType: string;
  deliveryType: string;
  enterType: string;
  voucherType: string;
  voucherPerTicket: boolean;
  validateType: string;
  validStart: string;
  validEnd: string;
  validDays: string;
  limitTimeType: string;
  limitDays: string;
  limitTime: string;
  cancelType: string;
  cancelDays: string;
  confirmType: string;
  limitGoodsType: string;
  limitNum: string;
  limitBy: string;
  formFields: string[];
  /** The custom fields' rows (`CustomFieldDraft[]`), kept as JSON text so the form holds them with its other values. */
  customFields: string;
  interfaceId: string;
  payOnline: boolean;
  smsText: string;
  /** One address a line. */
  images: string;
  description: string;
  notice: string;
};

/** A custom field as its row of the form holds it (options one text, comma-separated). */
export interface CustomFieldDraft {
  name: string;
  fieldType: string;
  required: boolean;
  options: string;
}

/** `typeTicketDelivery` express, `typeTicketValidate`, `typeLimitTime`, `typeCancelTime`, `typeLimitGoods`, `typeTicketFormField`, `typeFieldForm` select. */
export const EXPRESS = '2';
export const VALID_WITHIN_RANGE = '1';
export const VALID_DAYS_AFTER_PURCHASE = '3';
export const LIMIT_SAME_DAY = '1';
export const LIMIT_DAYS_AHEAD = '2';
export const CANCEL_DAYS_BEFORE = '2';
export const NO_LIMIT = '0';
export const PER_CUSTOMER = '2';
export const FIELD_MOBILE = '2';
export const FIELD_ID_NUMBER = '3';
export const FIELD_EMAIL = '4';
export const FIELD_ADDRESS = '5';
export const FIELD_FORM_SELECT = '4';
export const MAX_CUSTOM_FIELDS = 10;
const MAX_IMAGES = 20;

export const emptyProductForm = (): ProductFormValues => ({
  productName: '',
  scenicId: '',
  supplierId: '',
  productType: '1',
  deliveryType: '1',
  enterType: '1',
  voucherType: '1',
  voucherPerTicket: true,
  validateType: '2',
  validStart: '',
  validEnd: '',
  validDays: '',
  limitTimeType: '0',
  limitDays: '',
  limitTime: '',
  cancelType: '0',
  cancelDays: '',
  confirmType: '1',
  limitGoodsType: '0',
  limitNum: '',
  limitBy: FIELD_MOBILE,
  formFields: ['1', FIELD_MOBILE],
  customFields: '[]',
  interfaceId: '0',
  payOnline: false,
  smsText: '',
  images: '',
  description: '',
  notice: '',
});

const count = (n: number) => (n > 0 ? String(n) : '');

export function productFormOf(p: TicketProduct): ProductFormValues {
  return {
    productName: p.productName,
    scenicId: String(p.scenicId),
    supplierId: String(p.supplierId),
    productType: String(p.productType),
    deliveryType: String(p.deliveryType),
    enterType: String(p.enterType),
    voucherType: String(p.voucherType),
    voucherPerTicket: p.voucherPerTicket,
    validateType: String(p.validateType),
    validStart: p.validStart,
    validEnd: p.validEnd,
    validDays: count(p.validDays),
    limitTimeType: String(p.limitTimeType),
    limitDays: count(p.limitDays),
    limitTime: p.limitTime,
    cancelType: String(p.cancelType),
    cancelDays: count(p.cancelDays),
    confirmType: String(p.confirmType),
    limitGoodsType: String(p.limitGoodsType),
    limitNum: count(p.limitNum),
    limitBy: p.limitBy ? String(p.limitBy) : FIELD_MOBILE,
    formFields: p.formFields.map(String),
    customFields: JSON.stringify(customDraftsOf(p.customFields)),
    interfaceId: String(p.interfaceId),
    payOnline: p.payOnline,
    smsText: p.smsText,
    images: p.images.join('\n'),
    description: p.description,
    notice: p.notice,
  };
}

/** The custom fields' rows of the form. */
export function draftsOf(v: Pick<ProductFormValues, 'customFields'>): CustomFieldDraft[] {
  return JSON.parse(v.customFields) as CustomFieldDraft[];
}

export function customDraftsOf(fields: CustomField[]): CustomFieldDraft[] {
  return fields.map((c) => ({ name: c.name, fieldType: String(c.fieldType), required: c.required, options: c.options.join(', ') }));
}

const optionList = (s: string) =>
  s
    .split(/[,，]/)
    .map((o) => o.trim())
    .filter(Boolean);

const P = 'ticket.productForm.fields';
const R = 'ticket.productForm.rules';
const msg = (intl: IntlShape, id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `${R}.${id}` }, values);

/** A whole number of days from 1 to 365, when `on` holds. */
const days =
  (name: 'validDays' | 'limitDays' | 'cancelDays', on: (v: ProductFormValues) => boolean): Rule<ProductFormValues> =>
  (v, intl) =>
    on(v) && !(/^\d+$/.test(v[name].trim()) && Number(v[name]) >= 1 && Number(v[name]) <= 365) ? msg(intl, 'days') : null;

export const productRules = (staff: boolean): Partial<Record<keyof ProductFormValues, Rule<ProductFormValues>>> => ({
  productName: rules.all(rules.required('productName', `${P}.productName`), rules.length('productName', 1, 64)),
  scenicId: rules.chosen('scenicId', `${P}.scenicId`),
  ...(staff ? { supplierId: rules.chosen('supplierId', `${P}.supplierId`) } : {}),
  validStart: (v, intl) =>
    v.validateType === VALID_WITHIN_RANGE && v.validStart === '' && v.validEnd !== '' ? msg(intl, 'date') : null,
  validEnd: (v, intl) => {
    if (v.validateType !== VALID_WITHIN_RANGE) return null;
    if (v.validEnd === '' && v.validStart !== '') return msg(intl, 'date');
    return v.validStart && v.validEnd && v.validEnd < v.validStart ? msg(intl, 'endBeforeStart') : null;
  },
  validDays: days('validDays', (v) => v.validateType === VALID_DAYS_AFTER_PURCHASE),
  limitDays: days('limitDays', (v) => v.limitTimeType === LIMIT_DAYS_AHEAD),
  limitTime: (v, intl) => {
    if (v.limitTimeType === NO_LIMIT) return null;
    const t = v.limitTime.trim();
    if (t === '') return v.limitTimeType === LIMIT_SAME_DAY ? msg(intl, 'limitTime') : null;
    return isClock(t) ? null : msg(intl, 'clock');
  },
  cancelDays: days('cancelDays', (v) => v.cancelType === CANCEL_DAYS_BEFORE),
  formFields: (v, intl) => {
    if (!v.formFields.includes(FIELD_MOBILE) && !v.formFields.includes(FIELD_EMAIL)) return msg(intl, 'mobileOrEmail');
    if (v.deliveryType === EXPRESS && !v.formFields.includes(FIELD_ADDRESS)) return msg(intl, 'expressAddress');
    return null;
  },
  limitNum: (v, intl) =>
    v.limitGoodsType !== NO_LIMIT && !(/^\d+$/.test(v.limitNum.trim()) && Number(v.limitNum) >= 1 && Number(v.limitNum) <= 999) ? msg(intl, 'limitNum') : null,
  limitBy: (v, intl) => (v.limitGoodsType === PER_CUSTOMER && !v.formFields.includes(v.limitBy) ? msg(intl, 'limitBy') : null),
  customFields: customProblem,
  interfaceId: rules.pattern('interfaceId', (s) => /^\d+$/.test(s), `${R}.interfaceId`),
  smsText: (v, intl) => (smsParts(v.smsText) === null ? msg(intl, 'sms') : null),
  images: rules.pattern('images', (s) => imageList(s).every(isImageUrl) && imageList(s).length <= MAX_IMAGES, `${R}.images`),
  description: rules.length('description', 0, 4000),
  notice: rules.length('notice', 0, 4000),
});

/** The custom fields' problem, the first one found (ticket-app's order of checks), or null. */
export function customProblem(v: Pick<ProductFormValues, 'customFields' | 'interfaceId'>, intl: IntlShape): string | null {
  const drafts = draftsOf(v);
  const interfaceId = v.interfaceId;
  if (drafts.length === 0) return null;
  if (Number(interfaceId) > 0) return msg(intl, 'interfaceCustom');
  if (drafts.length > MAX_CUSTOM_FIELDS) return msg(intl, 'customCount', { max: MAX_CUSTOM_FIELDS });
  const names: string[] = [];
  for (const [i, d] of drafts.entries()) {
    const name = d.name.trim();
    const at = { n: i + 1 };
    if (name.length < 1 || name.length > 20) return msg(intl, 'customName', at);
    if (names.includes(name)) return msg(intl, 'customNameTwice', at);
    names.push(name);
    const options = optionList(d.options);
    const ok = d.fieldType === FIELD_FORM_SELECT ? options.length >= 1 && options.length <= 20 && options.every((o) => o.length <= 40) : options.length === 0;
    if (!ok) return msg(intl, 'customOptions', at);
  }
  return null;
}

const num = (s: string) => (s.trim() === '' ? 0 : Number(s.trim()));

/** The product's fields as ticket-app takes them. */
export function productBody(v: ProductFormValues, staff: boolean): TicketProductFields {
  const drafts = draftsOf(v);
  return {
    productName: v.productName.trim(),
    scenicId: Number(v.scenicId),
    ...(staff ? { supplierId: Number(v.supplierId) } : {}),
    productType: Number(v.productType),
    deliveryType: Number(v.deliveryType),
    enterType: Number(v.enterType),
    voucherType: Number(v.voucherType),
    voucherPerTicket: v.voucherPerTicket,
    validateType: Number(v.validateType),
    validStart: v.validateType === VALID_WITHIN_RANGE ? v.validStart : '',
    validEnd: v.validateType === VALID_WITHIN_RANGE ? v.validEnd : '',
    validDays: v.validateType === VALID_DAYS_AFTER_PURCHASE ? num(v.validDays) : 0,
    limitTimeType: Number(v.limitTimeType),
    limitDays: v.limitTimeType === LIMIT_DAYS_AHEAD ? num(v.limitDays) : 0,
    limitTime: v.limitTimeType === NO_LIMIT ? '' : v.limitTime.trim(),
    cancelType: Number(v.cancelType),
    cancelDays: v.cancelType === CANCEL_DAYS_BEFORE ? num(v.cancelDays) : 0,
    confirmType: Number(v.confirmType),
    limitGoodsType: Number(v.limitGoodsType),
    limitNum: v.limitGoodsType === NO_LIMIT ? 0 : num(v.limitNum),
    limitBy: v.limitGoodsType === PER_CUSTOMER ? Number(v.limitBy) : 0,
    formFields: v.formFields.map(Number).sort((a, b) => a - b),
    customFields: drafts.map((d) => ({
      name: d.name.trim(),
      fieldType: Number(d.fieldType),
      required: d.required,
      options: d.fieldType === FIELD_FORM_SELECT ? optionList(d.options) : [],
    })),
    interfaceId: num(v.interfaceId),
    payOnline: v.payOnline,
    smsText: v.smsText.trim(),
    images: imageList(v.images),
    description: v.description.trim(),
    notice: v.notice.trim(),
  };
}
