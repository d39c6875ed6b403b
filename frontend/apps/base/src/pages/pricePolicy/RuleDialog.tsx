// Adding (POST /saas/pricePolicy/priceRule/save) or changing (PUT update) a price rule: its
// level and optional scope, and the formula, tried on sample prices before saving (POST
// calculate) with the character where a wrong formula goes wrong marked under it.
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { api, fenToYuan, FormDialog, FormSelect, FormText, rules, useEnumOptions, useForm, yuanToFen, type Option } from '@tradewind/shared';
import { PRODUCT_TYPE } from '../../enums';
import { LEVELS, PP, type Calculation, type RuleRow } from './types';

const F = 'base.rules.fields';
const CODES = ['purchase', 'distribution', 'retail'] as const;
const YUAN = /^\d{1,9}(\.\d{1,2})?$/;

/** The formula with a caret under the 1-based character `position`. */
export function Caret({ formula, position }: { formula: string; position: number }) {
  return (
    <Box component="pre" data-testid="rule-caret" sx={{ m: 0, fontFamily: 'monospace', fontSize: 14, whiteSpace: 'pre' }}>
      {formula}
      {'\n'}
      {' '.repeat(Math.max(0, position - 1))}^
    </Box>
  );
}

export function RuleDialog({ row, suppliers, onClose, onSaved }: { row: RuleRow | null; suppliers: Option[]; onClose: () => void; onSaved: () => void }) {
  const intl = useIntl();
  const any: Option = { value: '0', text: intl.formatMessage({ id: 'base.rules.any' }) };
  const types: Option[] = [any, ...useEnumOptions(PRODUCT_TYPE)];
  const form = useForm({
    ruleName: row?.ruleName ?? '',
    grade: String(row?.grade ?? 0),
    supplierId: String(row?.supplierId ?? 0),
    productType: String(row?.productType ?? 0),
    productId: row && row.productId !== 0 ? String(row.productId) : '',
    formula: row?.formula ?? '',
    remark: row?.remark ?? '',
  });
  const [samples, setSamples] = useState({ purchase: '80.00', distribution: '100.00', retail: '120.00' });
  const [preview, setPreview] = useState<{ formula: string; result: Calculation } | null>(null);
  const samplesOk = CODES.every((c) => YUAN.test(samples[c].trim()));
  const calculate = () => {
    const formula = form.values.formula;
    void api
      .post<Calculation>('saas-main', `${PP}/priceRule/calculate`, {
        formula,
        purchasePrice: yuanToFen(samples.purchase),
        distributionPrice: yuanToFen(samples.distribution),
        retailPrice: yuanToFen(samples.retail),
      })
      .then((result) => setPreview({ formula: formula.trim(), result }));
  };
  const submit = () =>
    void form
      .submit(
        {
          ruleName: rules.all(rules.required('ruleName', `${F}.ruleName`), rules.length('ruleName', 1, 50)),
          formula: rules.all(rules.required('formula', `${F}.formula`), rules.length('formula', 1, 200)),
          productId: rules.pattern('productId', (s) => /^\d{1,18}$/.test(s), 'base.rules.productIdFormat'),
          remark: rules.length('remark', 0, 200),
        },
        (v) => {
          const body = {
            ruleName: v.ruleName.trim(),
            grade: Number(v.grade),
            supplierId: Number(v.supplierId),
            productType: Number(v.productType),
            productId: v.productId.trim() === '' ? 0 : Number(v.productId),
            formula: v.formula.trim(),
            remark: v.remark.trim(),
          };
          return row ? api.put('saas-main', `${PP}/priceRule/update`, { id: row.id, ...body }) : api.post('saas-main', `${PP}/priceRule/save`, body);
        },
      )
      .then((ok) => ok && onSaved());
  const insert = (code: string) => form.set('formula', `${form.values.formula}${form.values.formula.trim() === '' ? '' : ' '}${code}`);
  const result = preview?.result;
  return (
    <FormDialog open title={row ? 'base.rules.editTitle' : 'base.rules.addTitle'} busy={form.busy} onClose={onClose} onSubmit={submit} testId="rule-dialog">
      <FormText form={form} name="ruleName" label={`${F}.ruleName`} required />
      <FormSelect form={form} name="grade" label={`${F}.grade`} options={LEVELS.map((g) => ({ value: String(g), text: String(g) }))} required />
      <FormSelect form={form} name="supplierId" label={`${F}.supplierId`} options={[any, ...suppliers]} />
      <FormSelect form={form} name="productType" label={`${F}.productType`} options={types} />
      <FormText form={form} name="productId" label={`${F}.productId`} digits />
      <FormText form={form} name="remark" label={`${F}.remark`} />
      <FormText form={form} name="formula" label={`${F}.formula`} required wide />
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <FormattedMessage id="base.rules.codes" />
          {CODES.map((c) => (
            <Button key={c} size="small" variant="outlined" onClick={() => insert(c)} data-testid={`rule-code-${c}`}>
              {c}
            </Button>
          ))}
          {['+', '-', '*', '/', '(', ')'].map((op) => (
            <Button key={op} size="small" onClick={() => form.set('formula', `${form.values.formula} ${op}`)} sx={{ minWidth: 32 }}>
              {op}
            </Button>
          ))}
        </Stack>
        <Box sx={{ color: 'text.secondary', fontSize: 13, mb: 1 }}>
          <FormattedMessage id="base.rules.help" />
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {CODES.map((c) => (
            <TextField
              key={c}
              size="small"
              label={intl.formatMessage({ id: `base.rules.sample.${c}` })}
              value={samples[c]}
              onChange={(e) => setSamples((s) => ({ ...s, [c]: e.target.value.replace(/[^\d.]/g, '') }))}
              error={!YUAN.test(samples[c].trim())}
              slotProps={{ htmlInput: { 'data-testid': `rule-sample-${c}`, inputMode: 'decimal' } }}
              sx={{ width: 150 }}
            />
          ))}
          <Button variant="outlined" onClick={calculate} disabled={!samplesOk || form.values.formula.trim() === ''} data-testid="rule-calculate">
            <FormattedMessage id="base.rules.calculate" />
          </Button>
        </Stack>
        {result && (
          <Box sx={{ mt: 1 }} data-testid="rule-preview">
            {result.error ? (
              <Alert severity="error">
                {result.error.message}
                <Caret formula={preview.formula} position={result.error.position} />
              </Alert>
            ) : (
              <Alert severity="success">
                <FormattedMessage
                  id="base.rules.result"
                  values={{ price: fenToYuan(result.price ?? 0), exact: result.exact ?? '' }}
                />
              </Alert>
            )}
          </Box>
        )}
      </Box>
    </FormDialog>
  );
}
