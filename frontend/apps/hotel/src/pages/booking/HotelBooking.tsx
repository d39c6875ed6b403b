// Booking one hotel: its details (GET /saas/booking/hotelBookings/hotelDetail) and its products
// on sale priced for the stay with availability and, when one cannot be booked, why
// (GET /saas/booking/hotelBookings/listHotelProduct). A bookable product opens the order form.
// Opened from the search with `?hotelId=&checkinDate=&checkoutDate=&roomNum=[&distributorId=]`.
import { useEffect, useState } from 'react';
import { Alert, Box, Button, Chip, Typography } from '@mui/material';
import { api, DateFilter, day, FieldGrid, money, PERM, Section, SimpleTable, TextFilter, useEnumLabel, useHolds, type SimpleColumn } from '@tradewind/shared';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CONFIRM_TYPE, HOTEL_STAR, ONLINE_PAY } from '../../enums';
import { orderDetailPath } from '../orders/config';
import { OrderDialog } from './OrderDialog';
import { stayFrom, stayProblem, stayQuery, type Stay } from './stay';
import type { HotelDetail, QuotedProduct } from './types';

const F = 'hotel.booking.fields';

export default function HotelBooking() {
  const [params] = useSearchParams();
  const hotelId = (params.get('hotelId') ?? '').replace(/\D/g, '');
  const distributorId = (params.get('distributorId') ?? '').replace(/\D/g, '');
  const stay = stayFrom(params);
  return <HotelBookingView key={params.toString()} hotelId={hotelId} distributorId={distributorId} initial={stay} />;
}

function HotelBookingView({ hotelId, distributorId, initial }: { hotelId: string; distributorId: string; initial: Stay }) {
  const navigate = useNavigate();
  const label = useEnumLabel();
  const mayBook = useHolds(PERM.booking.order);
  // The stay the page opened with (the hotel's details are for it); the products follow `stay`.
  const [opened] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [stay, setStay] = useState(initial);
  const [hotel, setHotel] = useState<HotelDetail | null>(null);
  const [products, setProducts] = useState<{ stay: Stay; rows: QuotedProduct[] } | null>(null);
  const [booking, setBooking] = useState<QuotedProduct | null>(null);
  const problem = stayProblem(stay, day(new Date()));

  useEffect(() => {
    if (!hotelId || stayProblem(opened, day(new Date()))) return undefined;
    let live = true;
    api
      .get<HotelDetail>('hotel-app', '/saas/booking/hotelBookings/hotelDetail', { query: { hotelId, ...stayQuery(opened), distributorId } })
      .then((h) => live && setHotel(h))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [hotelId, distributorId, opened]);

  useEffect(() => {
    if (!hotelId || problem) return undefined;
    let live = true;
    api
      .get<QuotedProduct[]>('hotel-app', '/saas/booking/hotelBookings/listHotelProduct', { query: { hotelId, ...stayQuery(stay), distributorId } })
      .then((rows) => live && setProducts({ stay, rows }))
      .catch(() => live && setProducts({ stay, rows: [] }));
    return () => {
      live = false;
    };
  }, [hotelId, distributorId, stay, problem]);

  const columns: SimpleColumn<QuotedProduct>[] = [
    { key: 'roomName', title: `${F}.roomName`, render: (p) => p.roomName },
    { key: 'productName', title: `${F}.productName`, render: (p) => p.productName },
    { key: 'confirmType', title: `${F}.confirmType`, render: (p) => label(CONFIRM_TYPE, p.confirmType) },
    { key: 'isOnlinePay', title: `${F}.isOnlinePay`, render: (p) => label(ONLINE_PAY, p.isOnlinePay) },
    {
      key: 'nightly',
      title: `${F}.nightly`,
      render: (p) => (
        <Box sx={{ fontSize: 12 }}>
          {p.nightly.map((n) => (
            <div key={n.date}>
              {`${n.date.slice(5)} ${money(n.price)}`}
              {n.closed ? ' ✕' : ''}
            </div>
          ))}
        </Box>
      ),
    },
    { key: 'totalPrice', title: `${F}.totalPrice`, render: (p) => <strong>{money(p.totalPrice)}</strong> },
    {
      key: 'bookable',
      title: `${F}.bookable`,
      render: (p) =>
        p.bookable ? (
          mayBook ? (
            <Button size="small" variant="contained" onClick={() => setBooking(p)} data-testid={`book-${p.productId}`}>
              <FormattedMessage id="hotel.booking.book" />
            </Button>
          ) : (
            <Chip size="small" color="success" label={<FormattedMessage id="hotel.booking.available" />} />
          )
        ) : (
          <Typography variant="caption" color="error" data-testid={`reason-${p.productId}`}>
            {p.reason || <FormattedMessage id="hotel.booking.notBookable" />}
          </Typography>
        ),
    },
  ];

  return (
    <Box data-testid="hotel-booking-detail">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="h6">{hotel?.name ?? <FormattedMessage id="hotel.booking.hotelTitle" />}</Typography>
        <Button size="small" variant="outlined" onClick={() => navigate(-1)}>
          <FormattedMessage id="hotel.common.back" />
        </Button>
      </Box>
      {!hotelId ? (
        <Alert severity="info">
          <FormattedMessage id="hotel.booking.noHotel" />
        </Alert>
      ) : (
        <>
          {hotel && (
            <Section title="hotel.booking.hotelInfo">
              <FieldGrid
                fields={[
                  { label: `${F}.star`, value: label(HOTEL_STAR, hotel.star) },
                  { label: `${F}.address`, value: hotel.address || '--' },
                  { label: `${F}.phone`, value: hotel.phone || '--' },
                  { label: `${F}.checkinTime`, value: `${hotel.checkinTime || '--'} / ${hotel.checkoutTime || '--'}` },
                  { label: `${F}.serviceDesc`, value: hotel.serviceDesc || '--' },
                ]}
              />
            </Section>
          )}
          <Box
            component="form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setStay({ ...draft });
            }}
            sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2 }}
          >
            <DateFilter label={`${F}.checkinDate`} value={draft.checkinDate} onChange={(v) => setDraft((d) => ({ ...d, checkinDate: v }))} testId="stay-checkin" />
            <DateFilter label={`${F}.checkoutDate`} value={draft.checkoutDate} onChange={(v) => setDraft((d) => ({ ...d, checkoutDate: v }))} testId="stay-checkout" />
            <TextFilter label={`${F}.roomNum`} value={draft.roomNum} onChange={(v) => setDraft((d) => ({ ...d, roomNum: v }))} digits width={90} testId="stay-rooms" />
            <Button type="submit" variant="contained" size="small" data-testid="stay-inquire">
              <FormattedMessage id="search.inquire" />
            </Button>
          </Box>
          {problem ? (
            <Alert severity="warning">
              <FormattedMessage id={problem.id} />
            </Alert>
          ) : (
            <Section title="hotel.booking.products">
              <SimpleTable columns={columns} rows={products?.rows ?? []} testId="booking-products-table" />
            </Section>
          )}
          {booking && products && (
            <OrderDialog
              product={booking}
              stay={products.stay}
              distributorId={distributorId}
              onClose={() => setBooking(null)}
              onBooked={(orderId) => navigate(orderDetailPath(orderId))}
            />
          )}
        </>
      )}
    </Box>
  );
}
