// The order form of a product for a stay: check-in and check-out dates, rooms, the contact's
// name and phone (a mobile or a landline), a name per guest, a remark; for a product paid online
// or at the hotel, which. POST /saas/booking/hotelBookings/order, then the new order's detail.
import { useState } from 'react';
import { Button, Typography } from '@mui/material';
import { api, CreditAvailable, day, FormDialog, FormSelect, FormText, keepChosen, money, useForm, useIsTenantStaff, type Option } from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDistributorOptions } from '../choices';
import { emptyOrderForm, guestField, orderBody, orderRules, type OrderFormValues } from './orderForm';
import { nightsOf, type Stay } from './stay';
import type { QuotedProduct } from './types';

const F = 'hotel.booking.fields';

export interface OrderDialogProps {
  product: QuotedProduct;
  stay: Stay;
  distributorId: string;
  onClose: () => void;
  onBooked: (orderId: number) => void;
}

export function OrderDialog({ product, stay, distributorId, onClose, onBooked }: OrderDialogProps) {
  const intl = useIntl();
  const staff = useIsTenantStaff();
  const distributors = useDistributorOptions(staff);
  const form = useForm<OrderFormValues>(emptyOrderForm(stay, distributorId));
  const [orderId, setOrderId] = useState<number | null>(null);
  const v = form.values;
  const guests = Number(v.guestCount);
  const payOptions: Option[] = ['online', 'hotel'].map((p) => ({ value: p, text: intl.formatMessage({ id: `hotel.booking.pay.${p}` }) }));
  const save = async () => {
    let placed = 0;
    const ok = await form.submit(orderRules(v, day(new Date()), staff), async (values) => {
      const o = await api.post<{ orderId: number }>('hotel-app', '/saas/booking/hotelBookings/order', orderBody(product.productId, values, { isOnlinePay: product.isOnlinePay, staff }));
      placed = o.orderId;
    });
    if (ok) {
      setOrderId(placed);
      onBooked(placed);
    }
  };
  return (
    <FormDialog open={orderId === null} title="hotel.booking.orderTitle" busy={form.busy} onClose={onClose} onSubmit={save} testId="order-dialog" submitLabel="hotel.booking.submit">
      <Typography variant="body2" sx={{ gridColumn: '1 / -1', mb: 1 }} data-testid="order-product">
        <FormattedMessage
          id="hotel.booking.orderOf"
          values={{ product: product.productName, room: product.roomName, nights: nightsOf(stay.checkinDate, stay.checkoutDate), price: money(product.totalPrice) }}
        />
      </Typography>
      {staff && (
        <FormSelect
          form={form}
          name="distributorId"
          label={`${F}.distributor`}
          options={keepChosen(distributors, v.distributorId, v.distributorId)}
          required
          wide
        />
      )}
      <FormText form={form} name="checkinDate" label={`${F}.checkinDate`} type="date" required />
      <FormText form={form} name="checkoutDate" label={`${F}.checkoutDate`} type="date" required />
      <FormText form={form} name="roomNum" label={`${F}.roomNum`} digits required />
      {product.isOnlinePay === 2 ? <FormSelect form={form} name="payOnline" label={`${F}.payOnline`} options={payOptions} /> : <span />}
      <FormText form={form} name="contactName" label={`${F}.contactName`} required />
      <FormText form={form} name="contactPhone" label={`${F}.contactPhone`} required />
      {Array.from({ length: guests }, (_, i) => (
        <FormText key={i} form={form} name={guestField(i)} label={`${F}.guestName`} required />
      ))}
      <Button
        size="small"
        sx={{ justifySelf: 'start', alignSelf: 'center' }}
        disabled={form.busy}
        onClick={() => {
          form.set(guestField(guests), '');
          form.set('guestCount', String(guests + 1));
        }}
        data-testid="order-add-guest"
      >
        <FormattedMessage id="hotel.booking.addGuest" />
      </Button>
      <FormText form={form} name="orderMemo" label={`${F}.orderMemo`} multiline wide />
      {(product.isOnlinePay === 1 || (product.isOnlinePay === 2 && v.payOnline === 'online')) && <CreditAvailable mchId={Number(v.distributorId) || undefined} />}
      {product.needConfirm && (
        <Typography variant="caption" color="warning.main" sx={{ gridColumn: '1 / -1' }}>
          <FormattedMessage id="hotel.booking.needConfirm" />
        </Typography>
      )}
    </FormDialog>
  );
}
