// Asking for an invoice over the ticked top-ups (POST /saas/boss/invoice/save): the rules are
// checked, then a question names how many and their sum, then it is sent. The buyer's fields are
// a Chinese VAT invoice's: a special invoice also needs the address and telephone, and the bank
// and account.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Typography } from '@mui/material';
import { api, ConfirmDialog, FormDialog, FormSelect, FormText, isEmail, money, rules, useForm } from '@tradewind/shared';
import { INVOICE_TYPE } from '../../enums';
import type { ChargeRow } from './types';

const F = 'base.invoices.fields';
const TAX_NO = /^[0-9A-Z]{15}$|^[0-9A-Z]{17,18}$|^[0-9A-Z]{20}$/;

export function InvoiceDialog({ charges, onClose, onSaved }: { charges: ChargeRow[]; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const total = charges.reduce((s, c) => s + c.amount, 0);
  const form = useForm({ invoiceType: '1', title: '', taxNo: '', email: '', addressPhone: '', bankAccount: '', remarks: '' });
  const special = form.values.invoiceType === '2';
  const checks = {
    title: rules.all(rules.required('title', `${F}.title`), rules.length('title', 1, 100)),
    taxNo: rules.all(
      rules.required('taxNo', `${F}.taxNo`),
      rules.pattern('taxNo', (s) => TAX_NO.test(s.toUpperCase()), 'base.invoices.taxNoWrong'),
    ),
    email: rules.all(rules.required('email', `${F}.email`), rules.pattern('email', isEmail, 'form.email')),
    addressPhone: special ? rules.all(rules.required('addressPhone', `${F}.addressPhone`), rules.length('addressPhone', 1, 200)) : rules.length('addressPhone', 0, 200),
    bankAccount: special ? rules.all(rules.required('bankAccount', `${F}.bankAccount`), rules.length('bankAccount', 1, 200)) : rules.length('bankAccount', 0, 200),
    remarks: rules.length('remarks', 0, 200),
  };
  // The rules first, then the question, then the request: a refused form asks nothing.
  const save = async () => {
    setConfirming(false);
    const ok = await form.submit(checks, (v) =>
      api.post('saas-main', '/saas/boss/invoice/save', {
        logIds: charges.map((c) => c.id),
        invoiceType: Number(v.invoiceType),
        title: v.title.trim(),
        taxNo: v.taxNo.trim().toUpperCase(),
        email: v.email.trim(),
        addressPhone: v.addressPhone.trim(),
        bankAccount: v.bankAccount.trim(),
        remarks: v.remarks.trim(),
      }),
    );
    if (ok) onSaved();
  };
  return (
    <FormDialog open title="base.invoices.askTitle" busy={form.busy} onClose={onClose} onSubmit={() => form.check(checks) && setConfirming(true)} submitLabel="base.charges.ask" testId="invoice-ask-dialog">
      <Typography variant="body2" sx={{ gridColumn: '1 / -1' }} data-testid="invoice-ask-sum">
        {intl.formatMessage({ id: 'base.invoices.covering' }, { count: charges.length, amount: money(total) })}
      </Typography>
      <FormSelect form={form} name="invoiceType" label={`${F}.invoiceType`} enumeration={INVOICE_TYPE} required />
      <FormText form={form} name="title" label={`${F}.title`} required />
      <FormText form={form} name="taxNo" label={`${F}.taxNo`} required />
      <FormText form={form} name="email" label={`${F}.email`} required />
      <FormText form={form} name="addressPhone" label={`${F}.addressPhone`} required={special} />
      <FormText form={form} name="bankAccount" label={`${F}.bankAccount`} required={special} />
      <FormText form={form} name="remarks" label={`${F}.remarks`} multiline wide />
      <ConfirmDialog
        question={confirming ? intl.formatMessage({ id: 'base.invoices.confirm.ask' }, { count: charges.length, amount: money(total) }) : null}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save()}
      />
    </FormDialog>
  );
}
