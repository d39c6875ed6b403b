// Creating (POST .../save) or changing (PUT .../update, starting from GET .../load) a supplier or
// distributor. Credits are typed in yuan and sent in fen; the used credit is finance's and not
// edited here.
import { useEffect } from 'react';
import { api, fenToYuan, FormCheck, FormDialog, FormSelect, FormText, isAmount, isEmail, isPhone, rules, useForm, yuanToFen, type Option } from '@tradewind/shared';
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
  creditPermanent: '0',
  creditTemporary: '0',
  supplierOrderManage: false,
  presaleVisible: false,
  groupPurchase: false,
  state: '1',
  remarks: '',
};
type Values = typeof EMPTY;

const yuan = (fen: number) => fenToYuan(fen).replace(/\.00$/, '');
/** Typed yuan to whole fen by integer arithmetic (the rules have checked the text). */
const fen = (s: string) => yuanToFen(s.trim() || '0');

function valuesOf(m: Merchant): Values {
  // Only the editable fields: the rest (ids, used credit, dates) is never sent back.
  const own = Object.fromEntries(Object.keys(EMPTY).map((k) => [k, m[k as keyof Merchant]])) as unknown as Values;
  return {
    ...own,
    grade: String(m.grade),
    withdrawFee: String(m.withdrawFee),
    withdrawLimit: String(m.withdrawLimit),
    creditPermanent: yuan(m.creditPermanent),
    creditTemporary: yuan(m.creditTemporary),
    state: String(m.state),
  };
}

export function MerchantDialog({ kind, mchId, onClose, onSaved }: { kind: MerchantKind; mchId: number | null; onClose: () => void; onSaved: () => void }) {
  const form = useForm<Values>(EMPTY);
  const { reset } = form;
  const base = MERCHANT_BASE[kind];
  useEffect(() => {
    if (mchId === null) return;
    let live = true;
    api.get<Merchant>('saas-main', `${base}/load`, { query: { mchId } }).then(
      (m) => live && reset(valuesOf(m)),
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
          creditPermanent: rules.pattern('creditPermanent', isAmount, 'form.amount'),
          creditTemporary: rules.pattern('creditTemporary', isAmount, 'form.amount'),
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
            creditPermanent: fen(v.creditPermanent),
            creditTemporary: fen(v.creditTemporary),
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
      <FormText form={form} name="creditPermanent" label={`${F}.creditPermanentYuan`} decimal />
      <FormText form={form} name="creditTemporary" label={`${F}.creditTemporaryYuan`} decimal />
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
