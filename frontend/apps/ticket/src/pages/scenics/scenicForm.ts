// The scenic spot form (the tenant's staff save and update spots; a supplier sends the same form
// as a request an operator approves): its values as typed, its rules (ticket-app's
// domain/scenic.rs and trade's field rules) and the body. Coordinates are both or neither;
// opening hours are both or neither, closing after opening; a seasonal spot names its seasons.
import { imageList, isClock, isImageUrl, isPhone, rules, type Rule } from '@tradewind/shared';
import type { ScenicFields, ScenicRow } from './types';

export type ScenicFormValues = {
  scenicName: string;
  scenicNameEn: string;
  star: string;
  areaId: string;
  zoneName: string;
  address: string;
  longitude: string;
  latitude: string;
  phone: string;
  /** One address a line. */
  images: string;
  openType: string;
  openTime: string;
  closeTime: string;
  seasons: string;
  description: string;
  notices: string;
  state: string;
};

/** `typeScenicOpen` of a seasonal spot. */
export const OPEN_SEASONAL = '2';
export const MAX_IMAGES = 30;

export const emptyScenicForm = (): ScenicFormValues => ({
  scenicName: '',
  scenicNameEn: '',
  star: '0',
  areaId: '',
  zoneName: '',
  address: '',
  longitude: '',
  latitude: '',
  phone: '',
  images: '',
  openType: '1',
  openTime: '',
  closeTime: '',
  seasons: '',
  description: '',
  notices: '',
  state: '1',
});

const coordinate = (n: number | null) => (n === null || n === undefined ? '' : String(n));

export function scenicFormOf(s: ScenicFields): ScenicFormValues {
  return {
    scenicName: s.scenicName,
    scenicNameEn: s.scenicNameEn,
    star: String(s.star),
    areaId: s.areaId,
    zoneName: s.zoneName,
    address: s.address,
    longitude: coordinate(s.longitude),
    latitude: coordinate(s.latitude),
    phone: s.phone,
    images: s.images.join('\n'),
    openType: String(s.openType),
    openTime: s.openTime,
    closeTime: s.closeTime,
    seasons: s.seasons,
    description: s.description,
    notices: s.notices,
    state: String(s.state),
  };
}

const S = 'ticket.scenicForm.fields';
const R = 'ticket.scenicForm.rules';
const NUMBER = /^-?\d+(\.\d+)?$/;

/** A coordinate within ±`limit`, when typed; the other one typed needs this one. */
function coordinateRule(name: 'longitude' | 'latitude', other: 'longitude' | 'latitude', limit: number): Rule<ScenicFormValues> {
  return (v, intl) => {
    const s = v[name].trim();
    if (s === '') return v[other].trim() === '' ? null : intl.formatMessage({ id: 'form.enter' }, { name: intl.formatMessage({ id: `${S}.${name}` }) });
    return NUMBER.test(s) && Math.abs(Number(s)) <= limit ? null : intl.formatMessage({ id: `${R}.${name}` });
  };
}

export const scenicRules: Partial<Record<keyof ScenicFormValues, Rule<ScenicFormValues>>> = {
  scenicName: rules.all(rules.required('scenicName', `${S}.scenicName`), rules.length('scenicName', 1, 64)),
  scenicNameEn: rules.length('scenicNameEn', 0, 64),
  star: rules.chosen('star', `${S}.star`),
  areaId: rules.length('areaId', 0, 32),
  zoneName: rules.length('zoneName', 0, 64),
  address: rules.length('address', 0, 200),
  longitude: coordinateRule('longitude', 'latitude', 180),
  latitude: coordinateRule('latitude', 'longitude', 90),
  phone: rules.pattern('phone', isPhone, 'form.phone'),
  images: rules.pattern('images', (s) => imageList(s).every(isImageUrl) && imageList(s).length <= MAX_IMAGES, `${R}.images`),
  openType: rules.chosen('openType', `${S}.openType`),
  openTime: rules.all(rules.pattern('openTime', isClock, `${R}.clock`), (v, intl) =>
    v.openTime.trim() === '' && v.closeTime.trim() !== '' ? intl.formatMessage({ id: 'form.enter' }, { name: intl.formatMessage({ id: `${S}.openTime` }) }) : null,
  ),
  closeTime: rules.all(rules.pattern('closeTime', isClock, `${R}.clock`), (v, intl) => {
    const [open, close] = [v.openTime.trim(), v.closeTime.trim()];
    if (close === '') return open === '' ? null : intl.formatMessage({ id: 'form.enter' }, { name: intl.formatMessage({ id: `${S}.closeTime` }) });
    // HH:MM compares as text in time order.
    return isClock(open) && close <= open ? intl.formatMessage({ id: `${R}.closeAfterOpen` }) : null;
  }),
  seasons: rules.all(rules.length('seasons', 0, 500), (v, intl) =>
    v.openType === OPEN_SEASONAL && v.seasons.trim() === '' ? intl.formatMessage({ id: `${R}.seasons` }) : null,
  ),
  description: rules.length('description', 0, 4000),
  notices: rules.length('notices', 0, 4000),
  state: rules.chosen('state', `${S}.state`),
};

const coordinateOf = (s: string) => (s.trim() === '' ? null : Number(s.trim()));

/** The spot's fields as ticket-app takes them (`ScenicFields`). */
export function scenicBody(v: ScenicFormValues): ScenicFields {
  return {
    scenicName: v.scenicName.trim(),
    scenicNameEn: v.scenicNameEn.trim(),
    star: Number(v.star),
    areaId: v.areaId.trim(),
    zoneName: v.zoneName.trim(),
    address: v.address.trim(),
    longitude: coordinateOf(v.longitude),
    latitude: coordinateOf(v.latitude),
    phone: v.phone.trim(),
    images: imageList(v.images),
    openType: Number(v.openType),
    openTime: v.openTime.trim(),
    closeTime: v.closeTime.trim(),
    seasons: v.seasons.trim(),
    description: v.description.trim(),
    notices: v.notices.trim(),
    state: Number(v.state),
  };
}

/** A spot's opening as one line: "08:00-17:30", or the seasons of a seasonal spot too. */
export function openingOf(s: Pick<ScenicRow, 'openTime' | 'closeTime'>): string {
  return s.openTime && s.closeTime ? `${s.openTime}-${s.closeTime}` : '';
}
