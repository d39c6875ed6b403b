// The buyer's form of a ticket order: the quantity, the fields the product asks (its
// `formFields` and custom fields, a select's options to pick from) and a remark, sent as
// POST /saas/booking/ticketBookings/order. Stock, purchase limits and the booking rules are
// ticket-app's: its refusal shows in the form, under the field it names. A product paid online
// shows the distributor's available credit (finance-app's check, for the total while the quantity
// is valid), as the hotel booking form does.
import { useEffect } from 'react';
import { MenuItem, TextField, Typography } from '@mui/material';
import { api, CreditAvailable, FormDialog, FormText, money, useEnumLabel, useForm, type FormValues } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { FORM_FIELD } from '../../enums';
import { buyerRules, emptyBuyerForm, orderBody, STANDARD_FIELDS } from './buyerForm';
import type { BookableProduct, PlacedOrder } from './types';

/** `typeFieldForm` select, number and date. */
const SELECT = 4;
const NUMBER = 2;
const DATE = 3;

export function OrderDialog({ product, quantity, onClose, onPlaced }: { product: BookableProduct | null; quantity: string; onClose: () => void; onPlaced: (o: PlacedOrder) => void }) {
  const label = useEnumLabel();
  const custom = product?.customFields ?? [];
  const form = useForm<FormValues>(emptyBuyerForm(custom), { saved: 'ticket.booking.placed' });
  const { reset } = form;
  useEffect(() => {
    if (product) reset({ ...emptyBuyerForm(product.customFields), quantity });
    // A new product opens the form afresh.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product]);
  if (!product) return null;
  const labelOf = (type: number) => label(FORM_FIELD, type);
  const save = async () => {
    let placed: PlacedOrder | null = null;
    const ok = await form.submit(buyerRules(product.formFields, custom, labelOf), (v) =>
      api.post<PlacedOrder>('ticket-app', '/saas/booking/ticketBookings/order', orderBody(product.productId, product.visitDate, v, custom)).then((o) => {
        placed = o;
      }),
    );
    if (ok && placed) onPlaced(placed);
  };
  const quantityNow = Number(String(form.values.quantity)) || 0;
  // What the order will cost, for the credit check: only for a quantity ticket-app would take.
  const total = product.price != null && Number.isInteger(quantityNow) && quantityNow >= 1 && quantityNow <= 999 ? product.price * quantityNow : undefined;
  return (
    <FormDialog open title="ticket.booking.orderTitle" busy={form.busy} onClose={onClose} onSubmit={save} testId="ticket-order-dialog" submitLabel="ticket.booking.place">
      <Typography variant="body2" sx={{ gridColumn: '1 / -1', mb: 1 }} data-testid="order-summary">
        <FormattedMessage
          id="ticket.booking.summary"
          values={{ product: product.productName, scenic: product.scenicName, date: product.visitDate, price: money(product.price), total: money((product.price ?? 0) * quantityNow) }}
        />
      </Typography>
      <FormText form={form} name="quantity" label="ticket.booking.fields.quantity" digits required />
      <span />
      {STANDARD_FIELDS.filter((f) => product.formFields.includes(f.type)).map((f) => (
        <FormText key={f.name} form={form} name={`buyer.${f.name}`} label={`ticket.enum.formField.${f.type}`} required wide={f.name === 'address'} />
      ))}
      {custom.map((c) => {
        const key = `buyer.custom.${c.name}`;
        const error = form.errors[key];
        // A custom field is named by the supplier, not by a message id.
        return (
          <TextField
            key={c.name}
            size="small"
            margin="dense"
            select={c.fieldType === SELECT}
            type={c.fieldType === DATE ? 'date' : 'text'}
            label={c.name}
            required={c.required}
            value={String(form.values[key] ?? '')}
            onChange={(e) => form.set(key, e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            disabled={form.busy}
            slotProps={{ htmlInput: { 'data-testid': `field-${key}`, inputMode: c.fieldType === NUMBER ? 'decimal' : undefined }, inputLabel: c.fieldType === DATE ? { shrink: true } : undefined }}
          >
            {c.fieldType === SELECT
              ? c.options.map((o) => (
                  <MenuItem key={o} value={o}>
                    {o}
                  </MenuItem>
                ))
              : undefined}
          </TextField>
        );
      })}
      <FormText form={form} name="remark" label="ticket.booking.fields.remark" multiline wide />
      {product.payOnline && <CreditAvailable amount={total} />}
    </FormDialog>
  );
}
