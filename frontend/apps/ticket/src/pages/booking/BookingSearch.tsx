// Booking tickets, for a distributor: GET /saas/booking/ticketBookings/list with the visit date
// and the number of tickets (and optionally the product's name and type): the products on sale
// with the distributor's price per ticket, the total, the tickets left and whether that many can
// be had (else why: no price, closed, sold out). Book opens the buyer's form.
import { useCallback, useState } from 'react';
import { Alert, Button, Link, Typography } from '@mui/material';
import { api, DataTable, DateFilter, day, ListPage, money, SelectFilter, TextFilter, useEnumLabel, useFilters, type Column, type Page } from '@tradewind/shared';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_TYPE } from '../../enums';
import { orderDetailPath } from '../orders/config';
import { OrderDialog } from './OrderDialog';
import type { BookableProduct, PlacedOrder } from './types';

const F = 'ticket.booking.fields';

const tomorrow = () => day(new Date(Date.now() + 86_400_000));

export default function BookingSearch() {
  const label = useEnumLabel();
  const intl = useIntl();
  const f = useFilters({ visitDate: tomorrow(), quantity: '1', productName: '', productType: '' });
  const { applied } = f;
  const [booking, setBooking] = useState<BookableProduct | null>(null);
  const [placed, setPlaced] = useState<PlacedOrder | null>(null);
  const load = useCallback(
    (page: number, size: number) =>
      api.get<Page<BookableProduct>>('ticket-app', '/saas/booking/ticketBookings/list', {
        query: { page, resultNum: size, visitDate: applied.visitDate, quantity: applied.quantity.trim() || '1', productName: applied.productName.trim(), productType: applied.productType },
      }),
    [applied],
  );
  const quantity = Number(applied.quantity) || 1;
  const columns: Column<BookableProduct>[] = [
    {
      key: 'productName',
      title: `${F}.productName`,
      render: (r) => (
        <>
          {r.productName}
          <Typography variant="caption" color="text.secondary" component="div">
            {label(PRODUCT_TYPE, r.productType)}
          </Typography>
        </>
      ),
    },
    { key: 'scenicName', title: `${F}.scenicName` },
    { key: 'visitDate', title: `${F}.visitDate` },
    { key: 'price', title: `${F}.price`, render: (r) => (r.price == null ? '--' : money(r.price)) },
    { key: 'total', title: `${F}.total`, render: (r) => (r.price == null ? '--' : money(r.price * quantity)) },
    { key: 'retailPrice', title: `${F}.retailPrice`, render: (r) => (r.retailPrice == null ? '--' : money(r.retailPrice)) },
    { key: 'left', title: `${F}.left`, render: (r) => (r.left == null ? intl.formatMessage({ id: 'ticket.booking.noLimit' }) : r.left) },
    {
      key: 'bookable',
      title: `${F}.bookable`,
      render: (r) =>
        r.bookable ? (
          <Button size="small" variant="contained" onClick={() => setBooking(r)} data-testid={`book-${r.productId}`}>
            <FormattedMessage id="ticket.booking.book" />
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid={`reason-${r.productId}`}>
            <FormattedMessage id={`ticket.booking.reason.${r.reason || 'other'}`} />
          </Typography>
        ),
    },
  ];
  return (
    <ListPage
      title="ticket.booking.title"
      onInquire={f.inquire}
      onReset={f.reset}
      filters={
        <>
          <DateFilter label={`${F}.visitDate`} value={f.draft.visitDate} onChange={(v) => f.set('visitDate', v)} testId="booking-visit-date" />
          <TextFilter label={`${F}.quantity`} value={f.draft.quantity} onChange={(v) => f.set('quantity', v)} digits width={120} testId="booking-quantity" />
          <TextFilter label={`${F}.productName`} value={f.draft.productName} onChange={(v) => f.set('productName', v)} testId="booking-name" />
          <SelectFilter label={`${F}.productType`} value={f.draft.productType} onChange={(v) => f.set('productType', v)} enumeration={PRODUCT_TYPE} testId="booking-type" />
        </>
      }
    >
      {placed && (
        <Alert severity="success" sx={{ mb: 1 }} onClose={() => setPlaced(null)} data-testid="booking-placed">
          <FormattedMessage id="ticket.booking.orderNumber" values={{ orderId: placed.orderId }} />{' '}
          <Link component={RouterLink} to={orderDetailPath(placed.orderId)} data-testid="booking-placed-open">
            <FormattedMessage id="ticket.booking.openOrder" />
          </Link>
        </Alert>
      )}
      <DataTable columns={columns} load={load} reloadKey={f.generation} rowKey={(r) => r.productId} testId="ticket-booking-table" />
      <OrderDialog
        product={booking}
        quantity={applied.quantity || '1'}
        onClose={() => setBooking(null)}
        onPlaced={(o) => {
          setPlaced(o);
          setBooking(null);
          f.refresh();
        }}
      />
    </ListPage>
  );
}
