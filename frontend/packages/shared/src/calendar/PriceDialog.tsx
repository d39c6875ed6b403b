// The setting dialog of the common calendar: a range of dates and weekdays, each price kept,
// fixed or moved (add, subtract, multiply, divide), the stock limited or without limit, the
// dates opened or closed, saved through the calendar's save (hotel-app's priceStore/save,
// ticket-app's ticketPriceStore/save); the grid reloads after a save.
import { useEffect } from 'react';
import { Typography } from '@mui/material';
import { api } from '../api';
import { FormDialog, FormMultiSelect, FormSelect, FormText, useForm, type Option } from '../components/form';
import { day } from '../format';
import type { CalendarConfig } from './config';
import { FormattedMessage, useIntl } from 'react-intl';
import { PRICE_MODES } from './rules';
import { coveredDates, emptyPriceForm, PRICE_FIELDS, priceFormRules, priceSaveBody, type PriceFormValues } from './priceForm';
import type { PriceSaved } from './types';

const F = 'calendar.fields';

export function useWeekdayOptions(): Option[] {
  const intl = useIntl();
  return [1, 2, 3, 4, 5, 6, 7].map((w) => ({ value: String(w), text: intl.formatMessage({ id: `calendar.weekday.${w}` }) }));
}

export function useModeOptions(modes: readonly string[]): Option[] {
  const intl = useIntl();
  return modes.map((m) => ({ value: m, text: intl.formatMessage({ id: `calendar.mode.${m}` }) }));
}

export interface PriceDialogProps {
  config: CalendarConfig;
  productId: number;
  /** The date the dialog opens on (a grid cell), or '' for none; null: closed. */
  openOn: string | null;
  onClose: () => void;
  onSaved: () => void;
}

export function PriceDialog({ config, productId, openOn, onClose, onSaved }: PriceDialogProps) {
  const form = useForm<PriceFormValues>(emptyPriceForm());
  const weekdays = useWeekdayOptions();
  const modes = useModeOptions(PRICE_MODES);
  const intl = useIntl();
  const { reset } = form;
  useEffect(() => {
    if (openOn !== null) reset(emptyPriceForm(openOn));
    // Only a new opening starts the form again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openOn]);
  const v = form.values;
  const save = async () => {
    const ok = await form.submit(priceFormRules(day(new Date())), (values) =>
      api.post<PriceSaved>(config.service, config.endpoints.save, priceSaveBody(productId, values)),
    );
    if (ok) onSaved();
  };
  const stockOptions = ['keep', 'limited', 'unlimited'].map((s) => ({ value: s, text: intl.formatMessage({ id: `calendar.stockType.${s}` }) }));
  const closedOptions = ['keep', 'open', 'closed'].map((s) => ({ value: s, text: intl.formatMessage({ id: `calendar.closedOption.${s}` }) }));
  return (
    <FormDialog open={openOn !== null} title="calendar.dialogTitle" busy={form.busy} onClose={onClose} onSubmit={save} testId="price-dialog">
      <FormText form={form} name="startDate" label={`${F}.startDate`} type="date" required />
      <FormText form={form} name="endDate" label={`${F}.endDate`} type="date" required />
      <FormMultiSelect form={form} name="weekdays" label={`${F}.weekdays`} options={weekdays} wide />
      {PRICE_FIELDS.map((f) => (
        <PriceOptionFields key={f} form={form} field={f} modes={modes} />
      ))}
      <FormSelect form={form} name="stockType" label={`${F}.stockType`} options={stockOptions} />
      <FormText form={form} name="stock" label={`${F}.stock.${config.unit}`} digits disabled={v.stockType !== 'limited'} />
      <FormSelect form={form} name="closed" label={`${F}.closed`} options={closedOptions} />
      <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }} data-testid="price-covered">
        <FormattedMessage id="calendar.covered" values={{ n: coveredDates(v) }} />
      </Typography>
    </FormDialog>
  );
}

function PriceOptionFields({ form, field, modes }: { form: ReturnType<typeof useForm<PriceFormValues>>; field: (typeof PRICE_FIELDS)[number]; modes: Option[] }) {
  const mode = form.values[`${field}Mode`];
  const factor = mode === 'multiply' || mode === 'divide';
  return (
    <>
      <FormSelect form={form} name={`${field}Mode`} label={`${F}.${field}Mode`} options={modes} />
      <FormText form={form} name={field} label={factor ? `${F}.${field}Factor` : `${F}.${field}`} decimal disabled={mode === 'keep'} />
    </>
  );
}
