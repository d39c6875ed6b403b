// A ticket order's fields on its detail page: the booking, the buyer's details, its states, its
// money. A distributor is not shown what the supplier is paid.
import { money, orderTimeFields, OrderSections, PAY_TYPE, useEnumLabel, useOrderStateFields, YES_NO, type Field } from '@tradewind/shared';
import type { TicketOrder } from './types';

const F = 'ticket.orders.fields';

export function OrderFields({ order: o, distributor }: { order: TicketOrder; distributor: boolean }) {
  const label = useEnumLabel();
  const booking: Field[] = [
    { label: `${F}.orderId`, value: o.orderId },
    { label: `${F}.scenicName`, value: o.scenicName },
    { label: `${F}.productName`, value: o.productName },
    { label: `${F}.visitDate`, value: o.visitDate },
    { label: `${F}.quantity`, value: o.quantity },
    { label: `${F}.vouchers`, value: o.vouchers },
    { label: `${F}.usedTickets`, value: o.usedTickets },
    { label: `${F}.supplierName`, value: o.supplierName },
    { label: `${F}.distributorName`, value: o.distributorName },
    { label: `${F}.needConfirm`, value: label(YES_NO, o.needConfirm) },
    ...orderTimeFields(F, o),
    { label: `${F}.remark`, value: o.remark || '--' },
  ];
  const b = o.buyer;
  const custom = Object.entries(b.custom ?? {});
  const buyer: Field[] = [
    { label: `${F}.buyer.name`, value: b.name || '--' },
    { label: `${F}.buyer.mobile`, value: b.mobile || '--' },
    { label: `${F}.buyer.idNumber`, value: b.idNumber || '--' },
    { label: `${F}.buyer.email`, value: b.email || '--' },
    { label: `${F}.buyer.address`, value: b.address || '--' },
    // The product's own fields, by the names the supplier gave them (not message ids).
    ...(custom.length === 0
      ? []
      : [
          {
            label: `${F}.buyer.custom`,
            value: custom.map(([name, value]) => (
              <div key={name}>
                {name}: {value || '--'}
              </div>
            )),
          },
        ]),
  ];
  const states = useOrderStateFields(F, o, ['realState', 'supplierState', 'channelState']);
  const amounts: Field[] = [
    { label: `${F}.orderPrice`, value: money(o.orderPrice) },
    ...(distributor ? [] : [{ label: `${F}.supplierPrice`, value: money(o.supplierPrice) }]),
    { label: `${F}.payType`, value: label(PAY_TYPE, o.payType) },
    // Why finance-app refused the credit payment (payment state 29), "zh / en".
    ...(o.payFailReason ? [{ label: `${F}.payFailReason`, value: o.payFailReason }] : []),
  ];
  return (
    <OrderSections
      sections={[
        { title: 'ticket.orderDetail.booking', fields: booking, testId: 'order-booking' },
        { title: 'ticket.orderDetail.buyer', fields: buyer, testId: 'order-buyer' },
        { title: 'ticket.orderDetail.states', fields: states, testId: 'order-states' },
        { title: 'ticket.orderDetail.amounts', fields: amounts, testId: 'order-amounts' },
      ]}
    />
  );
}
