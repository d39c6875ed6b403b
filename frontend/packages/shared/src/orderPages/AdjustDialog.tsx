// The tenant's staff adjust an order's amounts (hotel-app's and ticket-app's orderToAdjust): each
// amount typed in yuan and sent in fen, left empty to keep it, at least one, and the reason,
// required. Which amounts a product kind's orders have is the application's: hotel orders four,
// ticket orders the order and supplier prices. The labels are `<actions>.adjustTitle`,
// `.<amount>`, `.now`, `.reason`, `.rules.amountNeeded` and `.rules.reason` of the config's
// actions prefix.
import { Box } from '@mui/material';
import { FormattedMessage } from 'react-intl';
import { api } from '../api';
import { FormDialog, FormText, useForm, type Rule } from '../components/form';
import { money, yuanToFen } from '../format';
import { isAmount } from '../validate';
import type { OrderPagesConfig } from './config';

export type AdjustValues = Record<string, string> & { remark: string };

/** The adjust form's problem per field (a message id): amounts in yuan, at least one, a reason. */
export function adjustProblems(fields: readonly string[], v: AdjustValues, actions: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (v[f]?.trim() && !isAmount(v[f])) out[f] = 'form.amount';
  if (fields.length && fields.every((f) => !v[f]?.trim())) out[fields[0]] = `${actions}.rules.amountNeeded`;
  if (!v.remark.trim()) out.remark = `${actions}.rules.reason`;
  return out;
}

/** The body of orderToAdjust: amounts left empty are kept, the others sent in fen. */
export function adjustBody(orderId: number, fields: readonly string[], v: AdjustValues): Record<string, unknown> {
  const body: Record<string, unknown> = { orderId, remark: v.remark.trim() };
  for (const f of fields) if (v[f]?.trim()) body[f] = yuanToFen(v[f]);
  return body;
}

export interface AdjustDialogProps {
  config: OrderPagesConfig;
  /** The endpoint's path (`endpointOf` of its permission code). */
  path: string;
  orderId: number;
  /** The amounts that may be adjusted, in the form's order, with what each is now (fen). */
  amounts: { field: string; now: number | null | undefined }[];
  onClose: () => void;
  onDone: () => void;
}

export function AdjustDialog({ config, path, orderId, amounts, onClose, onDone }: AdjustDialogProps) {
  const A = config.messages.actions;
  const fields = amounts.map((a) => a.field);
  const form = useForm<AdjustValues>({ ...Object.fromEntries(fields.map((f) => [f, ''])), remark: '' } as AdjustValues);
  const rule =
    (f: string): Rule<AdjustValues> =>
    (v, intl) => {
      const id = adjustProblems(fields, v, A)[f];
      return id ? intl.formatMessage({ id }) : null;
    };
  const save = async () => {
    const ok = await form.submit(Object.fromEntries([...fields, 'remark'].map((f) => [f, rule(f)])), (v) => api.put(config.service, path, adjustBody(orderId, fields, v)));
    if (ok) onDone();
  };
  return (
    <FormDialog open title={`${A}.adjustTitle`} busy={form.busy} onClose={onClose} onSubmit={save} testId="order-adjust-dialog">
      {amounts.map(({ field, now }) => (
        <Box key={field}>
          <FormText form={form} name={field} label={`${A}.${field}`} decimal />
          <Box sx={{ fontSize: 12, color: 'text.secondary', mt: -1 }}>
            <FormattedMessage id={`${A}.now`} values={{ amount: money(now) }} />
          </Box>
        </Box>
      ))}
      <FormText form={form} name="remark" label={`${A}.reason`} required multiline wide />
    </FormDialog>
  );
}
