// An order's fields on its detail page: the booking, its states, its money, its remarks.
import { dateTime, money, orderTimeFields, OrderSections, useEnumLabel, useOrderStateFields, YES_NO, type Field } from '@tradewind/shared';
import { PAY_TYPE } from '../../enums';
import type { OrderFull } from './types';

const F = 'hotel.orders.fields';

export function OrderFields({ order: o }: { order: OrderFull }) {
  const label = useEnumLabel();
  const booking: Field[] = [
    { label: `${F}.orderId`, value: o.orderId },
    { label: `${F}.hotelName`, value: o.hotelName },
    { label: `${F}.productName`, value: o.productName },
    { label: `${F}.checkinDate`, value: o.checkinDate },
    { label: `${F}.checkoutDate`, value: o.checkoutDate },
    { label: `${F}.nights`, value: o.nights },
    { label: `${F}.productNum`, value: o.productNum },
    { label: `${F}.personNum`, value: o.personNum },
    { label: `${F}.contactName`, value: o.contactName },
    { label: `${F}.contactPhone`, value: o.contactPhone },
    // The ID type codes (0-12) have no labels in the services; shown as they are.
    { label: `${F}.contactIdType`, value: o.contactIdType },
    { label: `${F}.contactIdNo`, value: o.contactIdNo },
    { label: `${F}.supplierName`, value: o.supplierName },
    { label: `${F}.distributorName`, value: o.distributorName },
    { label: `${F}.supplierOrderId`, value: o.supplierOrderId },
    { label: `${F}.channelOrderId`, value: o.channelOrderId },
    { label: `${F}.needConfirm`, value: label(YES_NO, o.needConfirm) },
    ...orderTimeFields(F, o),
  ];
  const states = useOrderStateFields(F, o, ['realOrderState', 'supplierOrderState', 'channelOrderState']);
  const amounts: Field[] = [
    { label: `${F}.currency`, value: o.currency },
    { label: `${F}.orderPrice`, value: money(o.orderPrice) },
    { label: `${F}.channelPrice`, value: money(o.channelPrice) },
    ...(o.supplierPrice === undefined ? [] : [{ label: `${F}.supplierPrice`, value: money(o.supplierPrice) }]),
    { label: `${F}.payType`, value: label(PAY_TYPE, o.payType) },
    { label: `${F}.payPrice`, value: money(o.payPrice) },
    { label: `${F}.payDate`, value: dateTime(o.payDate) },
    ...(o.payFailReason ? [{ label: `${F}.payFailReason`, value: o.payFailReason }] : []),
    { label: `${F}.allowedCancel`, value: label(YES_NO, o.allowedCancel) },
    { label: `${F}.cancelDeadline`, value: dateTime(o.cancelDeadline) },
    { label: `${F}.cancelPrice`, value: money(o.cancelPrice) },
  ];
  const remarks: Field[] = [
    { label: `${F}.orderMemo`, value: o.orderMemo },
    { label: `${F}.guestMemo`, value: o.guestMemo },
    { label: `${F}.memoInner`, value: o.memoInner },
  ];
  return (
    <OrderSections
      sections={[
        { title: 'hotel.orderDetail.booking', fields: booking, testId: 'order-booking' },
        { title: 'hotel.orderDetail.states', fields: states, testId: 'order-states' },
        { title: 'hotel.orderDetail.amounts', fields: amounts, testId: 'order-amounts' },
        { title: 'hotel.orderDetail.remarks', fields: remarks, testId: 'order-remarks' },
      ]}
    />
  );
}
