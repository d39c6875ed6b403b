// Distributors' own prices and authorised stock of the product for the month shown: the
// calendar's distributor list (hotel-app's priceStoreDistributor/list, ticket-app's
// ticketPriceStoreDistributor/list; one distributor when one is picked, else every distributor's
// own dates), set through its distributor save. Distributors are picked from the tenant's list,
// never typed.
import { useEffect, useState } from 'react';
import { Box, Button, Chip } from '@mui/material';
import { api } from '../api';
import { useEnumLabel } from '../components/enum';
import { SelectFilter } from '../components/filters';
import { FormDialog, FormMultiSelect, FormSelect, FormText, useForm, type Option } from '../components/form';
import { useHolds } from '../components/perm';
import { Section } from '../components/Section';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import { keepChosen, useMerchantOptions } from '../components/useOptions';
import { YES_NO } from '../enums';
import { day, money } from '../format';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CalendarConfig } from './config';
import { OWN_PRICE_MODES } from './rules';
import { emptyOwnPriceForm, ownPriceBody, ownPriceRules, type OwnPriceFormValues } from './ownPriceForm';
import { useModeOptions, useWeekdayOptions } from './PriceDialog';
import type { DistributorDay, PriceDay, PriceSaved } from './types';

const F = 'calendar.own';

/**
 * A distributor's own dates from a calendar list asked for it: the dates where it has its own
 * price or authorised stock, or where its level's price rule prices it, beside the common price
 * and stock.
 */
export function ownDays(days: PriceDay[], distributorId: number, distributorName: string): DistributorDay[] {
  return days
    .filter((d) => d.distributor && (d.distributor.distributionPrice != null || d.distributor.authorizedStock != null || d.distributor.byRule))
    .map((d) => ({
      ...(d.distributor as NonNullable<PriceDay['distributor']>),
      day: d.day,
      distributorId,
      distributorName,
      commonDistributionPrice: d.distributionPrice ?? 0,
      commonStockType: d.stockType ?? '',
      commonStock: d.stock ?? null,
    }));
}

export function DistributorPrices({ config, productId, startDate, endDate }: { config: CalendarConfig; productId: number; startDate: string; endDate: string }) {
  const label = useEnumLabel();
  const [draft, setDraft] = useState('');
  const [applied, setApplied] = useState('');
  const [generation, setGeneration] = useState(0);
  const [rows, setRows] = useState<DistributorDay[]>([]);
  const [open, setOpen] = useState(false);
  const maySet = useHolds(config.perms.distributorSave);
  const distributors = useMerchantOptions('distributor');
  useEffect(() => {
    let live = true;
    const { distributorList } = config.endpoints;
    const load: Promise<DistributorDay[]> = distributorList
      ? api.get<DistributorDay[]>(config.service, distributorList, { query: { productId, startDate, endDate, distributorId: applied } })
      : applied
        ? api
            .get<PriceDay[]>(config.service, config.endpoints.list, { query: { productId, startDate, endDate, distributorId: applied } })
            .then((days) => ownDays(days, Number(applied), distributors.find((o) => o.value === applied)?.text ?? ''))
        : Promise.resolve([]);
    load.then((r) => live && setRows(r)).catch(() => live && setRows([]));
    return () => {
      live = false;
    };
    // The service and its path are fixed for a page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [productId, startDate, endDate, applied, generation]);
  const stock = (n?: number | null) => (n == null ? <FormattedMessage id={`${F}.common`} /> : n);
  const columns: SimpleColumn<DistributorDay>[] = [
    { key: 'day', title: `${F}.day`, render: (r) => r.day },
    { key: 'distributorName', title: `${F}.distributor`, render: (r) => `${r.distributorName} (${r.distributorId})` },
    { key: 'distributionPrice', title: `${F}.ownPrice`, render: (r) => (r.distributionPrice == null ? <FormattedMessage id={`${F}.common`} /> : money(r.distributionPrice)) },
    { key: 'commonDistributionPrice', title: `${F}.commonPrice`, render: (r) => money(r.commonDistributionPrice) },
    { key: 'authorizedStock', title: `${F}.authorizedStock`, render: (r) => stock(r.authorizedStock) },
    { key: 'authorizedSold', title: `${F}.authorizedSold`, render: (r) => r.authorizedSold },
    {
      key: 'effectivePrice',
      title: `${F}.effectivePrice`,
      render: (r) =>
        r.byRule ? (
          <span data-testid="own-by-rule">
            {money(r.effectivePrice)} <Chip size="small" variant="outlined" label={<FormattedMessage id={`${F}.byRule`} />} />
          </span>
        ) : (
          money(r.effectivePrice)
        ),
    },
    {
      key: 'effectiveStock',
      title: `${F}.effectiveStock`,
      render: (r) => (r.effectiveStock === null ? <FormattedMessage id="calendar.noLimit" /> : r.effectiveStock),
    },
    { key: 'bookable', title: `${F}.bookable`, render: (r) => label(YES_NO, r.bookable) },
  ];
  return (
    <Box sx={{ mt: 3 }}>
      <Section title={`${F}.title`}>
        <Box
          component="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setApplied(draft);
          }}
          sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1.5 }}
        >
          <SelectFilter label={`${F}.distributor`} value={draft} onChange={setDraft} options={distributors} width={220} testId="own-distributor" />
          <Button type="submit" variant="outlined" size="small" data-testid="own-inquire">
            <FormattedMessage id="search.inquire" />
          </Button>
          {maySet && (
            <Button variant="contained" size="small" onClick={() => setOpen(true)} data-testid="own-set">
              <FormattedMessage id={`${F}.set`} />
            </Button>
          )}
        </Box>
        <SimpleTable columns={columns} rows={rows} testId="own-prices-table" />
      </Section>
      {maySet && (
        <OwnPriceDialog
          config={config}
          productId={productId}
          distributorId={applied}
          distributors={distributors}
          open={open}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            setGeneration((g) => g + 1);
          }}
        />
      )}
    </Box>
  );
}

function OwnPriceDialog(p: {
  config: CalendarConfig;
  productId: number;
  /** The distributor the list shows, chosen at the start. */
  distributorId: string;
  distributors: Option[];
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const form = useForm<OwnPriceFormValues>(emptyOwnPriceForm());
  const intl = useIntl();
  const weekdays = useWeekdayOptions();
  const modes = useModeOptions(OWN_PRICE_MODES);
  const { reset } = form;
  useEffect(() => {
    if (p.open) reset(emptyOwnPriceForm(p.distributorId));
    // Only a new opening starts the form again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.open]);
  const v = form.values;
  const factor = v.distributionPriceMode === 'multiply' || v.distributionPriceMode === 'divide';
  const stockModes = ['keep', 'common', 'set'].map((s) => ({ value: s, text: intl.formatMessage({ id: s === 'set' ? `${F}.stockMode.set.${p.config.unit}` : `${F}.stockMode.${s}` }) }));
  const save = async () => {
    const ok = await form.submit(ownPriceRules(day(new Date())), (values) =>
      api.post<PriceSaved>(p.config.service, p.config.endpoints.distributorSave, ownPriceBody(p.productId, values)),
    );
    if (ok) p.onSaved();
  };
  return (
    <FormDialog open={p.open} title={`${F}.dialogTitle`} busy={form.busy} onClose={p.onClose} onSubmit={save} testId="own-price-dialog">
      <FormSelect
        form={form}
        name="distributorId"
        label={`${F}.distributor`}
        options={keepChosen(p.distributors, v.distributorId, v.distributorId)}
        required
        wide
      />
      <FormText form={form} name="startDate" label="calendar.fields.startDate" type="date" required />
      <FormText form={form} name="endDate" label="calendar.fields.endDate" type="date" required />
      <FormMultiSelect form={form} name="weekdays" label="calendar.fields.weekdays" options={weekdays} wide />
      <FormSelect form={form} name="distributionPriceMode" label="calendar.fields.distributionPriceMode" options={modes} />
      <FormText
        form={form}
        name="distributionPrice"
        label={factor ? 'calendar.fields.distributionPriceFactor' : 'calendar.fields.distributionPrice'}
        decimal
        disabled={v.distributionPriceMode === 'keep' || v.distributionPriceMode === 'clear'}
      />
      <FormSelect form={form} name="stockMode" label={`${F}.stockModeLabel`} options={stockModes} />
      <FormText form={form} name="authorizedStock" label={`${F}.authorizedStock`} digits disabled={v.stockMode !== 'set'} />
    </FormDialog>
  );
}
