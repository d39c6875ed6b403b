// The bank account form (POST /saas/finance/bank/save, PUT .../update) with finance-app's rules:
// bank and holder 1 to 64 characters, a number of 4 to 40 digits (spaces and dashes allowed,
// spaces dropped), an optional branch, a three-letter currency, a remark of at most 500.
import { rules, type Rule } from '@tradewind/shared';
import type { Bank } from './types';

const F = 'base.banks.fields';

export type BankValues = {
  bankName: string;
  accountName: string;
  accountNo: string;
  branch: string;
  currency: string;
  remark: string;
};

export function bankValues(b: Bank | null): BankValues {
  return {
    bankName: b?.bankName ?? '',
    accountName: b?.accountName ?? '',
    accountNo: b?.accountNo ?? '',
    branch: b?.branch ?? '',
    currency: b?.currency ?? 'CNY',
    remark: b?.remark ?? '',
  };
}

/** An account number as finance-app takes it: spaces dropped, digits and dashes, 4 to 40 long, 4 digits at least. */
export function isAccountNo(s: string): boolean {
  const v = s.replace(/ /g, '');
  return /^[\d-]{4,40}$/.test(v) && v.replace(/-/g, '').length >= 4;
}

export const BANK_RULES: Partial<Record<keyof BankValues & string, Rule<BankValues>>> = {
  bankName: rules.all(rules.required('bankName', `${F}.bankName`), rules.length('bankName', 1, 64)),
  accountName: rules.all(rules.required('accountName', `${F}.accountName`), rules.length('accountName', 1, 64)),
  accountNo: rules.all(rules.required('accountNo', `${F}.accountNo`), rules.pattern('accountNo', isAccountNo, 'base.banks.accountNoRule')),
  branch: rules.length('branch', 0, 64),
  currency: rules.all(rules.required('currency', `${F}.currency`), rules.pattern('currency', (s) => /^[A-Z]{3}$/.test(s), 'base.merchants.currencyCode')),
  remark: rules.length('remark', 0, 500),
};

export function bankBody(v: BankValues) {
  return {
    bankName: v.bankName.trim(),
    accountName: v.accountName.trim(),
    accountNo: v.accountNo.replace(/ /g, ''),
    branch: v.branch.trim(),
    currency: v.currency.trim(),
    remark: v.remark.trim(),
  };
}
