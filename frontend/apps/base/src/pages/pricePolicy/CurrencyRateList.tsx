// The tenant's exchange rates (saas-main GET /saas/pricePolicy/currencyRate/list): the current
// rate of each pair, setting one (the old one stays in the history), a pair's history, and
// converting an amount (POST calculate).
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import {
  AddButton,
  api,
  DataTable,
  dateTime,
  fenToYuan,
  ListPage,
  PERM,
  RowAction,
  SelectFilter,
  SimpleTable,
  useFilters,
  useHolds,
  useLoaded,
  yuanToFen,
  type Column,
  type Option,
  type Page,
} from '@tradewind/shared';
import { RateDialog } from './RateDialog';
import { PP, type Conversion, type CurrencyRow, type RateRow } from './types';

const EMPTY = { fromCurrency: '', toCurrency: '' };
const F = 'base.rates.fields';
const YUAN = /^\d{1,10}(\.\d{1,2})?$/;
const NO_CURRENCIES: CurrencyRow[] = [];
const NO_RATES: RateRow[] = [];

export default function CurrencyRateList() {
  const f = useFilters(EMPTY);
  const { applied, refresh } = f;
  const [adding, setAdding] = useState(false);
  const [history, setHistory] = useState<RateRow | null>(null);
  const may = { save: useHolds(PERM.currencyRate.save), history: useHolds(PERM.currencyRate.history), convert: useHolds(PERM.currencyRate.calculate) };
  const currencies = useLoaded(() => api.get<CurrencyRow[]>('saas-main', `${PP}/currencyRate/currencies`), 'currencies', NO_CURRENCIES);
  const options: Option[] = currencies.map((c) => ({ value: c.code, text: `${c.code} ${c.symbol} ${c.name}` }));
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<RateRow>>('saas-main', `${PP}/currencyRate/list`, { query: { page, resultNum: size, ...applied } }),
    [applied],
  );
  const columns: Column<RateRow>[] = [
    { key: 'fromCurrency', title: `${F}.fromCurrency`, width: 110 },
    { key: 'toCurrency', title: `${F}.toCurrency`, width: 110 },
    { key: 'rate', title: `${F}.rate`, render: (r) => <span data-testid={`rate-${r.fromCurrency}-${r.toCurrency}`}>{`1 ${r.fromCurrency} = ${r.rate} ${r.toCurrency}`}</span> },
    { key: 'remark', title: `${F}.remark` },
    { key: 'createDate', title: `${F}.createDate`, render: (r) => dateTime(r.createDate) },
  ];
  if (may.history) {
    columns.push({ key: 'actions', title: 'form.actions', render: (r) => <RowAction label="base.rates.history" onClick={() => setHistory(r)} testId={`rate-history-${r.id}`} /> });
  }
  return (
    <ListPage
      title="base.rates.title"
      onInquire={f.inquire}
      onReset={f.reset}
      actions={may.save && <AddButton onClick={() => setAdding(true)} testId="rate-add" />}
      filters={
        <>
          <SelectFilter label={`${F}.fromCurrency`} value={f.draft.fromCurrency} onChange={(v) => f.set('fromCurrency', v)} options={options} width={220} testId="rates-from" />
          <SelectFilter label={`${F}.toCurrency`} value={f.draft.toCurrency} onChange={(v) => f.set('toCurrency', v)} options={options} width={220} testId="rates-to" />
        </>
      }
    >
      {may.convert && <Converter options={options} />}
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.id} testId="base-rates-table" />
      {adding && (
        <RateDialog
          options={options}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            refresh();
          }}
        />
      )}
      {history && <History pair={history} onClose={() => setHistory(null)} />}
    </ListPage>
  );
}

/** Converting an amount at the tenant's rate: yuan typed, fen sent, the answer shown in yuan. */
function Converter({ options }: { options: Option[] }) {
  const intl = useIntl();
  const [v, setV] = useState({ fromCurrency: 'USD', toCurrency: 'CNY', amount: '100.00' });
  const [result, setResult] = useState<{ ok: Conversion; to: string } | null>(null);
  const convert = () =>
    void api
      .post<Conversion>('saas-main', `${PP}/currencyRate/calculate`, { fromCurrency: v.fromCurrency, toCurrency: v.toCurrency, amount: yuanToFen(v.amount) })
      .then((ok) => setResult({ ok, to: v.toCurrency }), () => setResult(null));
  const pick = (name: 'fromCurrency' | 'toCurrency') => (
    <TextField select size="small" label={intl.formatMessage({ id: `${F}.${name}` })} value={v[name]} onChange={(e) => setV((s) => ({ ...s, [name]: e.target.value }))} sx={{ width: 200 }} slotProps={{ htmlInput: { 'data-testid': `convert-${name}` } }}>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.text}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          label={intl.formatMessage({ id: `${F}.amount` })}
          value={v.amount}
          onChange={(e) => setV((s) => ({ ...s, amount: e.target.value.replace(/[^\d.]/g, '') }))}
          error={!YUAN.test(v.amount.trim())}
          sx={{ width: 140 }}
          slotProps={{ htmlInput: { 'data-testid': 'convert-amount', inputMode: 'decimal' } }}
        />
        {options.length > 0 && pick('fromCurrency')}
        {options.length > 0 && pick('toCurrency')}
        <Button variant="outlined" onClick={convert} disabled={!YUAN.test(v.amount.trim())} data-testid="convert">
          <FormattedMessage id="base.rates.convert" />
        </Button>
        {result && (
          <Alert severity="info" data-testid="convert-result" sx={{ py: 0 }}>
            <FormattedMessage id="base.rates.converted" values={{ amount: fenToYuan(result.ok.amount), currency: result.to, rate: result.ok.rate }} />
          </Alert>
        )}
      </Stack>
    </Box>
  );
}

/** Every rate a pair has had, newest first (GET history). */
function History({ pair, onClose }: { pair: RateRow; onClose: () => void }) {
  const rows = useLoaded(
      () =>
        api
          .get<Page<RateRow>>('saas-main', `${PP}/currencyRate/history`, { query: { fromCurrency: pair.fromCurrency, toCurrency: pair.toCurrency, resultNum: 100 } })
          .then((p) => p.results),
      `${pair.fromCurrency}${pair.toCurrency}`,
      NO_RATES,
    );
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="rate-history">
      <DialogTitle>
        <FormattedMessage id="base.rates.historyOf" values={{ from: pair.fromCurrency, to: pair.toCurrency }} />
      </DialogTitle>
      <DialogContent>
        <SimpleTable
          columns={[
            { key: 'rate', title: `${F}.rate`, render: (r: RateRow) => r.rate },
            { key: 'remark', title: `${F}.remark`, render: (r: RateRow) => r.remark },
            { key: 'createDate', title: `${F}.createDate`, render: (r: RateRow) => dateTime(r.createDate) },
          ]}
          rows={rows}
          testId="rate-history-table"
        />
      </DialogContent>
    </Dialog>
  );
}
