// A ticket order's fields on its detail page: the booking, the buyer's details, its states, its
// money. A distributor is not shown what the supplier is paid. A channel's order says where it
// came from: the channel's configuration (to those who may read the configurations; else its id),
// the channel's order number and, but to the supplier, the price the channel sold it at.
import { money, orderTimeFields, OrderSections, PAY_TYPE, useEnumLabel, useOrderStateFields, YES_NO, type Field } from '@tradewind/shared';
import { useChannelConfigNames } from '../channels/channels';
import type { TicketOrder } from './types';

const F = 'ticket.orders.fields';

export function OrderFields({ order: o, distributor, supplier }: { order: TicketOrder; distributor: boolean; supplier: boolean }) {
  const label = useEnumLabel();
  const fromChannel = o.channelOrderId !== '';
  const configName = useChannelConfigNames(fromChannel);
  const channel: Field[] = fromChannel
    ? [
        { label: `${F}.channelConfig`, value: configName(o.configId) ?? `#${o.configId}` },
        { label: `${F}.channelOrderId`, value: o.channelOrderId },
      ]
    : [];
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
    ...channel,
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
    ...(fromChannel && !supplier ? [{ label: `${F}.channelPrice`, value: money(o.channelPrice) }] : []),
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
