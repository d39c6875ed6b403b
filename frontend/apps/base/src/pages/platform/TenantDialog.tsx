// A platform administrator creates (POST /saas/platform/saasInfo/save) or changes (PUT
// /saas/platform/saasInfo/update, starting from GET .../load) a tenant. Fees are per thousand
// (payment service 3-20, credit 0-10 or 15-100); the subscription ends on a day, sent as its
// first ms. A tenant just created is handed back, for its first administrator to be made.
import { useEffect } from 'react';
import { api, day, FormDialog, FormSelect, FormText, isEmail, isPhone, rules, useForm, type Option } from '@tradewind/shared';
import { dayStartMs } from '../../dates';
import { LANGUAGE, SAAS_TYPE, TENANT_STATE } from '../../enums';
import type { AdminTenant } from './AdminDialog';
import type { TenantRow } from './types';

const F = 'base.tenant.fields';
const P = '/saas/platform/saasInfo';
const numbers = (list: number[]): Option[] => list.map((n) => ({ value: String(n), text: String(n) }));
const PAY_MODES = numbers([0, 1, 2, 3, 4, 5, 6]);
const PAY_FEES = numbers(Array.from({ length: 18 }, (_, i) => i + 3));
const CREDIT_FEES = numbers([...Array.from({ length: 11 }, (_, i) => i), ...Array.from({ length: 86 }, (_, i) => i + 15)]);
const CURRENCY = /^[A-Z]{3}$/;
const DOMAIN = /^(?=.{1,253}$)([A-Za-z0-9](?:[A-Za-z0-9-]{0,62})\.)+[A-Za-z0-9-]{1,63}$/;

const EMPTY = {
  saasName: '',
  saasLogo: '',
  companyName: '',
  payMode: '0',
  payServiceFee: '6',
  creditFee: '0',
  currency: 'CNY',
  language: 'zh-cn',
  contactName: '',
  contactMobile: '',
  contactEmail: '',
  domain: '',
  saasExpireDate: '',
  state: '1',
  saasType: '0',
  remarks: '',
};
type Values = typeof EMPTY;

function valuesOf(t: TenantRow): Values {
  return {
    saasName: t.saasName,
    saasLogo: t.saasLogo,
    companyName: t.companyName,
    payMode: String(t.payMode),
    payServiceFee: String(t.payServiceFee),
    creditFee: String(t.creditFee),
    currency: t.currency,
    language: t.language,
    contactName: t.contactName,
    contactMobile: t.contactMobile,
    contactEmail: t.contactEmail,
    domain: t.domain,
    saasExpireDate: day(new Date(t.saasExpireDate)),
    state: String(t.state),
    saasType: String(t.saasType),
    remarks: t.remarks,
  };
}

export function TenantDialog({ saasId, onClose, onSaved }: { saasId: number | null; onClose: () => void; onSaved: (created?: AdminTenant) => void }) {
  const form = useForm<Values>(EMPTY);
  const { reset } = form;
  useEffect(() => {
    if (saasId === null) return;
    let live = true;
    api.get<TenantRow>('saas-main', `${P}/load`, { query: { saasId } }).then(
      (t) => live && reset(valuesOf(t)),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `reset` is a new function each render; the tenant to load is `saasId`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saasId]);

  const submit = () => {
    let created: AdminTenant | undefined;
    void form
      .submit(
        {
          saasName: rules.all(rules.required('saasName', `${F}.saasName`), rules.length('saasName', 1, 64)),
          companyName: rules.length('companyName', 0, 128),
          currency: rules.all(rules.required('currency', `${F}.currency`), rules.pattern('currency', (s) => CURRENCY.test(s), 'base.merchants.currencyCode')),
          contactMobile: rules.pattern('contactMobile', isPhone, 'form.phone'),
          contactEmail: rules.pattern('contactEmail', isEmail, 'form.email'),
          domain: rules.pattern('domain', (s) => DOMAIN.test(s), 'base.tenant.domainFormat'),
          saasExpireDate: rules.chosen('saasExpireDate', `${F}.saasExpireDate`),
          remarks: rules.length('remarks', 0, 500),
        },
        (v) => {
          const fields = {
            ...v,
            saasName: v.saasName.trim(),
            saasLogo: v.saasLogo.trim(),
            companyName: v.companyName.trim(),
            payMode: Number(v.payMode),
            payServiceFee: Number(v.payServiceFee),
            creditFee: Number(v.creditFee),
            currency: v.currency.trim(),
            contactName: v.contactName.trim(),
            contactMobile: v.contactMobile.trim(),
            contactEmail: v.contactEmail.trim(),
            domain: v.domain.trim(),
            saasExpireDate: dayStartMs(v.saasExpireDate) ?? 0,
            state: Number(v.state),
            saasType: Number(v.saasType),
          };
          if (saasId !== null) return api.put('saas-main', `${P}/update`, { saasId, ...fields });
          return api.post<{ saasId: number }>('saas-main', `${P}/save`, fields).then((r) => {
            created = { saasId: r.saasId, saasName: fields.saasName };
          });
        },
      )
      .then((ok) => ok && onSaved(created));
  };

  return (
    <FormDialog open title={saasId === null ? 'base.tenant.addTitle' : 'base.tenant.editTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="tenant-dialog">
      <FormText form={form} name="saasName" label={`${F}.saasName`} required />
      <FormText form={form} name="companyName" label={`${F}.companyName`} />
      <FormSelect form={form} name="saasType" label={`${F}.saasType`} enumeration={SAAS_TYPE} />
      <FormSelect form={form} name="state" label={`${F}.state`} enumeration={TENANT_STATE} />
      <FormText form={form} name="saasExpireDate" label={`${F}.saasExpireDate`} type="date" required />
      <FormText form={form} name="domain" label={`${F}.domain`} />
      <FormText form={form} name="currency" label={`${F}.currency`} required />
      <FormSelect form={form} name="language" label={`${F}.language`} enumeration={LANGUAGE} />
      <FormText form={form} name="contactName" label={`${F}.contactName`} />
      <FormText form={form} name="contactMobile" label={`${F}.contactMobile`} />
      <FormText form={form} name="contactEmail" label={`${F}.contactEmail`} />
      <FormText form={form} name="saasLogo" label={`${F}.saasLogo`} />
      <FormSelect form={form} name="payMode" label={`${F}.payMode`} options={PAY_MODES} />
      <FormSelect form={form} name="payServiceFee" label={`${F}.payServiceFeePermille`} options={PAY_FEES} />
      <FormSelect form={form} name="creditFee" label={`${F}.creditFeePermille`} options={CREDIT_FEES} />
      <FormText form={form} name="remarks" label={`${F}.remarks`} />
    </FormDialog>
  );
}
