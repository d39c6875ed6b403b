// Setting a pair's exchange rate (POST /saas/pricePolicy/currencyRate/save): the rate is sent as
// the decimal text typed (never a float), up to 8 decimals.
import { api, FormDialog, FormSelect, FormText, rules, useForm, type Option } from '@tradewind/shared';
import { PP } from './types';

const F = 'base.rates.fields';
const RATE = /^\d{1,10}(\.\d{1,8})?$/;

export function RateDialog({ options, onClose, onSaved }: { options: Option[]; onClose: () => void; onSaved: () => void }) {
  const form = useForm({ fromCurrency: 'USD', toCurrency: 'CNY', rate: '', remark: '' });
  const submit = () =>
    void form
      .submit(
        {
          fromCurrency: rules.chosen('fromCurrency', `${F}.fromCurrency`),
          toCurrency: rules.chosen('toCurrency', `${F}.toCurrency`),
          rate: rules.all(rules.required('rate', `${F}.rate`), rules.pattern('rate', (s) => RATE.test(s) && Number(s) > 0, 'base.rates.rateFormat')),
          remark: rules.length('remark', 0, 200),
        },
        (v) => api.post('saas-main', `${PP}/currencyRate/save`, { fromCurrency: v.fromCurrency, toCurrency: v.toCurrency, rate: v.rate.trim(), remark: v.remark.trim() }),
      )
      .then((ok) => ok && onSaved());
  return (
    <FormDialog open title="base.rates.addTitle" busy={form.busy} onClose={onClose} onSubmit={submit} testId="rate-dialog">
      <FormSelect form={form} name="fromCurrency" label={`${F}.fromCurrency`} options={options} required />
      <FormSelect form={form} name="toCurrency" label={`${F}.toCurrency`} options={options} required />
      <FormText form={form} name="rate" label={`${F}.rate`} decimal required />
      <FormText form={form} name="remark" label={`${F}.remark`} />
    </FormDialog>
  );
}
