// Creating (POST .../save) or changing (PUT .../update, starting from GET .../load) a supplier or
// distributor. A distributor's credit is finance-app's (set on the credit limits page, with a
// reason): the dialog shows saas-main's copy of it and links there, and never sends it.
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Link } from '@mui/material';
import { api, FormCheck, FormDialog, FormSelect, FormText, isEmail, isPhone, money, rules, useForm, type Option } from '@tradewind/shared';
import { APP } from '../../app';
import { LANGUAGE, MERCHANT_STATE, WITHDRAW_FEE } from '../../enums';
import { MERCHANT_BASE, type Merchant, type MerchantKind } from './types';

const F = 'base.merchants.fields';
const GRADES: Option[] = Array.from({ length: 10 }, (_, i) => ({ value: String(i), text: String(i) }));
const LIMITS: Option[] = Array.from({ length: 11 }, (_, i) => ({ value: String(i * 10), text: `${i * 10}%` }));
const CURRENCY = /^[A-Z]{3}$/;

const EMPTY = {
  mchName: '',
  grade: '0',
  contactName: '',
  contactMobile: '',
  contactEmail: '',
  isWhitelist: false,
  currency: 'CNY',
  language: 'zh-cn',
  withdrawFee: '0',
  isWithdraw: false,
  withdrawLimit: '0',
  isConfirmOrder: false,
  isDisplayStock: false,
  priceCodexPurchase: '',
  priceCodexDistribution: '',
  priceCodexRetail: '',
  supplierOrderManage: false,
  presaleVisible: false,
  groupPurchase: false,
  state: '1',
  remarks: '',
};
type Values = typeof EMPTY;

function valuesOf(m: Merchant): Values {
  // Only the editable fields: the rest (ids, credit, dates) is never sent back.
  const own = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, m[k as keyof Merchant]])) as unknown as Values;
  return {
    ...own,
    grade: String(m.grade),
    withdrawFee: String(m.withdrawFee),
    withdrawLimit: String(m.withdrawLimit),
    state: String(m.state),
  };
}

export function MerchantDialog({ kind, mchId, onClose, onSaved }: { kind: MerchantKind; mchId: number | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<Values>(EMPTY);
  const [loaded, setLoaded] = useState<Merchant | null>(null);
  const { reset } = form;
  const base = MERCHANT_BASE[kind];
  useEffect(() => {
    if (mchId === null) return;
    let live = true;
    api.get<Merchant>('saas-main', `${base}/load`, { query: { mchId } }).then(
      (m) => {
        if (!live) return;
        setLoaded(m);
        reset(valuesOf(m));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `reset` is a new function each render; the merchant to load is `mchId`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mchId, base]);

  const submit = () =>
    void form
      .submit(
        {
          mchName: rules.all(rules.required('mchName', `${F}.mchName`), rules.length('mchName', 1, 64)),
          contactMobile: rules.pattern('contactMobile', isPhone, 'form.phone'),
          contactEmail: rules.pattern('contactEmail', isEmail, 'form.email'),
          currency: rules.all(rules.required('currency', `${F}.currency`), rules.pattern('currency', (s) => CURRENCY.test(s), 'base.merchants.currencyCode')),
          remarks: rules.length('remarks', 0, 500),
        },
        (v) => {
          const fields = {
            ...v,
            mchName: v.mchName.trim(),
            grade: Number(v.grade),
            contactName: v.contactName.trim(),
            contactMobile: v.contactMobile.trim(),
            contactEmail: v.contactEmail.trim(),
            currency: v.currency.trim(),
            withdrawFee: Number(v.withdrawFee),
            withdrawLimit: Number(v.withdrawLimit),
            state: Number(v.state),
          };
          return mchId === null ? api.post('saas-main', `${base}/save`, fields) : api.put('saas-main', `${base}/update`, { mchId, ...fields });
        },
      )
      .then((ok) => ok && onSaved());

  const title = `base.merchants.${mchId === null ? 'add' : 'edit'}.${kind}`;
  return (
    <FormDialog open title={title} busy={form.busy} onClose={onClose} onSubmit={submit} testId="merchant-dialog">
      <FormText form={form} name="mchName" label={`${F}.mchName`} required />
      <FormSelect form={form} name="state" label={`${F}.state`} enumeration={MERCHANT_STATE} />
      <FormText form={form} name="contactName" label={`${F}.contactName`} />
      <FormText form={form} name="contactMobile" label={`${F}.contactMobile`} />
      <FormText form={form} name="contactEmail" label={`${F}.contactEmail`} />
      <FormSelect form={form} name="grade" label={`${F}.grade`} options={GRADES} />
      <FormText form={form} name="currency" label={`${F}.currency`} required />
      <FormSelect form={form} name="language" label={`${F}.language`} enumeration={LANGUAGE} />
      {kind === 'distributor' && (
        <Alert severity="info" data-testid="merchant-credit">
          <FormattedMessage
            id="base.merchants.creditFromFinance"
            values={{
              permanent: money(loaded?.creditPermanent ?? 0),
              temporary: money(loaded?.creditTemporary ?? 0),
              used: money(loaded?.creditUsed ?? 0),
            }}
          />{' '}
          <Link component={RouterLink} to={`/${APP}/finance/credit/list`} data-testid="merchant-credit-limits">
            <FormattedMessage id="base.merchants.creditLimitsLink" />
          </Link>
        </Alert>
      )}
      <FormSelect form={form} name="withdrawFee" label={`${F}.withdrawFee`} enumeration={WITHDRAW_FEE} />
      <FormSelect form={form} name="withdrawLimit" label={`${F}.withdrawLimit`} options={LIMITS} />
      <FormText form={form} name="priceCodexPurchase" label={`${F}.priceCodexPurchase`} />
      <FormText form={form} name="priceCodexDistribution" label={`${F}.priceCodexDistribution`} />
      <FormText form={form} name="priceCodexRetail" label={`${F}.priceCodexRetail`} />
      <FormText form={form} name="remarks" label={`${F}.remarks`} />
      <FormCheck form={form} name="isWhitelist" label={`${F}.isWhitelist`} />
      <FormCheck form={form} name="isWithdraw" label={`${F}.isWithdraw`} />
      <FormCheck form={form} name="isConfirmOrder" label={`${F}.isConfirmOrder`} />
      <FormCheck form={form} name="isDisplayStock" label={`${F}.isDisplayStock`} />
      <FormCheck form={form} name="supplierOrderManage" label={`${F}.supplierOrderManage`} />
      <FormCheck form={form} name="presaleVisible" label={`${F}.presaleVisible`} />
      <FormCheck form={form} name="groupPurchase" label={`${F}.groupPurchase`} />
    </FormDialog>
  );
}
