// The limits form of a distributor's credit account (PUT /saas/finance/credit/update): what it
// starts from, its rules (finance-app's: amounts 0 to 10,000,000,000 yuan, a temporary credit
// needs its last day, a reason of 1 to 200 characters) and the body it sends, in fen.
import { fenToYuan, rules, type Rule } from '@tradewind/shared';
import { amountRule, fenOf } from '../../money';
import type { Account } from './types';

const F = 'base.credit.fields';

export type LimitValues = {
  mchId: string;
  credit: string;
  tempCredit: string;
  tempCreditExpiry: string;
  state: string;
  reason: string;
};

/** The form of an account (its limits as they are, in yuan) or of a first setting. */
export function limitValues(a: Account | null, mchId = ''): LimitValues {
  return {
    mchId: a ? String(a.mchId) : mchId,
    credit: a ? fenToYuan(a.credit) : '',
    tempCredit: a && a.tempCredit > 0 ? fenToYuan(a.tempCredit) : '',
    tempCreditExpiry: a?.tempCreditExpiry ?? '',
    state: String(a?.state ?? 1),
    reason: '',
  };
}

const expiryRule: Rule<LimitValues> = (v, intl) =>
  fenOf(v.tempCredit) > 0 && !v.tempCreditExpiry.trim() ? intl.formatMessage({ id: 'base.credit.expiryNeeded' }) : null;

export const LIMIT_RULES: Partial<Record<keyof LimitValues & string, Rule<LimitValues>>> = {
  mchId: rules.chosen('mchId', `${F}.mchName`),
  credit: amountRule('credit', `${F}.credit`, { required: true }),
  tempCredit: amountRule('tempCredit', `${F}.tempCredit`),
  tempCreditExpiry: expiryRule,
  state: rules.chosen('state', `${F}.state`),
  reason: rules.all(rules.required('reason', `${F}.reason`), rules.length('reason', 1, 200)),
};

/** What finance-app takes: fen from the typed yuan, the expiry only with a temporary credit. */
export function limitBody(v: LimitValues) {
  const tempCredit = fenOf(v.tempCredit);
  return {
    mchId: Number(v.mchId),
    credit: fenOf(v.credit),
    tempCredit,
    tempCreditExpiry: tempCredit > 0 ? v.tempCreditExpiry.trim() : '',
    state: Number(v.state),
    reason: v.reason.trim(),
  };
}
