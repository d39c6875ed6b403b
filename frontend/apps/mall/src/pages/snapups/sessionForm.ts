// The snap-up session form (the tenant's staff create sessions and change them before their
// start): a mall product, the snap-up price in yuan (sent in fen), the session's stock, start and
// end, and the purchase limit (typeLimitGoods, typeLimitTarget, its number) as mall-app's
// domain/snapup.rs checks them.
import { fenToYuan, rules, yuanToFen, type Rule } from '@tradewind/shared';
import { fromLocalInput, toLocalInput } from '../../time';
import type { SessionRow } from '../../types';

export type SessionFormValues = {
  mallProductId: string;
  snapupPrice: string;
  stock: string;
  startTime: string;
  endTime: string;
  typeLimitGoods: string;
  typeLimitTarget: string;
  limitNum: string;
};

const HOUR = 3_600_000;

export const emptySessionForm = (now = Date.now()): SessionFormValues => ({
  mallProductId: '',
  snapupPrice: '',
  stock: '',
  startTime: toLocalInput(now + HOUR),
  endTime: toLocalInput(now + 3 * HOUR),
  typeLimitGoods: '2',
  typeLimitTarget: '1',
  limitNum: '1',
});

export function sessionFormOf(s: SessionRow): SessionFormValues {
  return {
    mallProductId: String(s.mallProductId),
    snapupPrice: fenToYuan(s.snapupPrice),
    stock: String(s.stock),
    startTime: toLocalInput(s.startTime),
    endTime: toLocalInput(s.endTime),
    typeLimitGoods: String(s.typeLimitGoods),
    typeLimitTarget: String(s.typeLimitTarget === -1 ? 1 : s.typeLimitTarget),
    limitNum: String(s.limitNum || 1),
  };
}

const F = 'mall.sessionForm.fields';
const YUAN = /^\d{1,8}(\.\d{1,2})?$/;

/** Whether the limit counts someone (per customer or per day): then its target is chosen. */
export const countsTarget = (goods: string) => goods === '2' || goods === '3';

export const sessionRules: Partial<Record<keyof SessionFormValues, Rule<SessionFormValues>>> = {
  mallProductId: rules.chosen('mallProductId', `${F}.mallProductId`),
  snapupPrice: rules.all(rules.required('snapupPrice', `${F}.snapupPrice`), rules.pattern('snapupPrice', (s) => YUAN.test(s), 'mall.form.yuan')),
  stock: (v, intl) => {
    if (v.stock.trim() === '') return intl.formatMessage({ id: 'form.enter' }, { name: intl.formatMessage({ id: `${F}.stock` }) });
    const n = Number(v.stock);
    return /^\d+$/.test(v.stock) && n >= 1 && n <= 1_000_000 ? null : intl.formatMessage({ id: 'mall.form.sessionStock' });
  },
  startTime: (v, intl) => (Number.isNaN(fromLocalInput(v.startTime)) ? intl.formatMessage({ id: 'form.select' }, { name: intl.formatMessage({ id: `${F}.startTime` }) }) : null),
  endTime: (v, intl) => {
    const end = fromLocalInput(v.endTime);
    if (Number.isNaN(end)) return intl.formatMessage({ id: 'form.select' }, { name: intl.formatMessage({ id: `${F}.endTime` }) });
    return end <= fromLocalInput(v.startTime) ? intl.formatMessage({ id: 'mall.form.endAfterStart' }) : null;
  },
  typeLimitGoods: rules.chosen('typeLimitGoods', `${F}.typeLimitGoods`),
  limitNum: (v, intl) => {
    if (v.typeLimitGoods === '0') return null;
    const n = Number(v.limitNum);
    return /^\d+$/.test(v.limitNum) && n >= 1 && n <= Number(v.stock || 0) ? null : intl.formatMessage({ id: 'mall.form.limitNum' });
  },
};

/** The session's fields as mall-app takes them (`SessionFields`). */
export function sessionBody(v: SessionFormValues): Record<string, unknown> {
  const limited = v.typeLimitGoods !== '0';
  return {
    mallProductId: Number(v.mallProductId),
    snapupPrice: yuanToFen(v.snapupPrice.trim()),
    stock: Number(v.stock),
    startTime: fromLocalInput(v.startTime),
    endTime: fromLocalInput(v.endTime),
    typeLimitGoods: Number(v.typeLimitGoods),
    typeLimitTarget: countsTarget(v.typeLimitGoods) ? Number(v.typeLimitTarget) : -1,
    limitNum: limited ? Number(v.limitNum) : 0,
  };
}
