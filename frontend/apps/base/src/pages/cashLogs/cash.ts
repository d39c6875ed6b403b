// The form of prepaid money in or out (POST /saas/cash/log/save): the distributor, which way, a
// positive amount in yuan and the required remark; finance-app takes one signed amount in fen
// (positive in, negative out).
import { rules, type Rule } from '@tradewind/shared';
import { amountRule, fenOf } from '../../money';

const F = 'base.cashLogs.fields';

export const CASH_IN = '1';
export const CASH_OUT = '2';

export type CashValues = {
  mchId: string;
  direction: string;
  money: string;
  remark: string;
};

export function cashValues(mchId = '', direction = CASH_IN): CashValues {
  return { mchId, direction, money: '', remark: '' };
}

export const CASH_RULES: Partial<Record<keyof CashValues & string, Rule<CashValues>>> = {
  mchId: rules.chosen('mchId', `${F}.distributor`),
  direction: rules.chosen('direction', `${F}.direction`),
  money: amountRule('money', `${F}.amountYuan`, { required: true, positive: true }),
  remark: rules.all(rules.required('remark', `${F}.remark`), rules.length('remark', 1, 200)),
};

export function cashBody(v: CashValues) {
  const fen = fenOf(v.money);
  return { mchId: Number(v.mchId), money: v.direction === CASH_OUT ? -fen : fen, remark: v.remark.trim() };
}
