// Booking against a stubbed hotel-app: the search, the hotel's products for the stay, the order
// form; the tenant's staff booking for a distributor.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import PriceCalendar from '../prices/PriceCalendar';
import BookingSearch from './BookingSearch';
import HotelBooking from './HotelBooking';
import type { QuotedProduct } from './types';
import { stayProblem } from './stay';
import { gets, lastGet, optionsOf, pageOf, pick, query, renderPage, serve, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import { order, distributors, isDistributorList, inDays, hold, staffUser, merchantUser } from '../../fixtures';

const quoted: QuotedProduct = {
  productId: 21,
  productName: 'Lake view king',
  hotelId: 11,
  roomId: 5,
  roomName: 'King room',
  confirmType: 1,
  isOnlinePay: 0,
  totalPrice: 136_000,
  nightly: [
    { date: inDays(1), price: 68_000, retailPrice: 88_000, left: 20, closed: false },
    { date: inDays(2), price: 68_000, retailPrice: 88_000, left: 20, closed: false },
  ],
  bookable: true,
  reason: null,
  needConfirm: false,
};

setUpPageTests();

describe('booking', () => {
  const stay = { checkinDate: inDays(1), checkoutDate: inDays(3), roomNum: '1' };

  it('checks a stay as the service does', () => {
    const today = inDays(0);
    expect(stayProblem(stay, today)).toBeNull();
    expect(stayProblem({ ...stay, checkinDate: inDays(-1) }, today)?.field).toBe('checkinDate');
    expect(stayProblem({ ...stay, checkoutDate: inDays(1) }, today)).toEqual({ field: 'checkoutDate', id: 'hotel.booking.rules.order' });
    expect(stayProblem({ ...stay, checkoutDate: inDays(92) }, today)?.id).toBe('hotel.booking.rules.tooLong');
    expect(stayProblem({ ...stay, roomNum: '0' }, today)?.id).toBe('hotel.booking.rules.rooms');
    expect(stayProblem({ ...stay, roomNum: '100' }, today)?.id).toBe('hotel.booking.rules.rooms');
  });

  it('searches bookable hotels for the stay, each opening its booking page', async () => {
    const calls = serve(() => pageOf([{ hotelId: 11, name: 'Lakeside Hotel', nameEn: '', star: 8, zoneId: 3, address: '1 West Lake Road', minPrice: 136_000, bookableProducts: 2 }]));
    const { problems } = renderPage(BookingSearch, en);
    const link = await screen.findByTestId('booking-hotel-11');
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/booking/hotelBookings/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20', checkinDate: inDays(0), checkoutDate: inDays(1), roomNum: '1' });
    expect(screen.getByText('1360.00')).toBeTruthy();
    expect(screen.getByText('Five-star')).toBeTruthy();

    fireEvent.change(screen.getByTestId('booking-checkin'), { target: { value: inDays(1) } });
    fireEvent.change(screen.getByTestId('booking-checkout'), { target: { value: inDays(3) } });
    fireEvent.change(screen.getByTestId('booking-rooms'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('booking-hotel-name'), { target: { value: 'Lake' } });
    pick('Star rating', 'Five-star');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', checkinDate: inDays(1), checkoutDate: inDays(3), roomNum: '2', hotelName: 'Lake', star: '8' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('booking-hotel-11').getAttribute('href')).toBe(
        `/saas-hotel-app/booking/hotelDetail?hotelId=11&checkinDate=${inDays(1)}&checkoutDate=${inDays(3)}&roomNum=2`,
      ),
    );
    expect(link).toBeTruthy();

    // A check-out before the check-in is not asked.
    fireEvent.change(screen.getByTestId('booking-checkout'), { target: { value: inDays(0) } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    expect(await screen.findByText('The check-out date must be after the check-in date')).toBeTruthy();
    expect(gets(calls)).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  const detail = {
    hotelId: 11,
    name: 'Lakeside Hotel',
    nameEn: '',
    star: 8,
    address: '1 West Lake Road',
    phone: '0571-12345678',
    images: [],
    checkinTime: '14:00',
    checkoutTime: '12:00',
    serviceDesc: 'Pool',
    products: [],
  };
  const answer = (c: Call) => {
    if (c.url.pathname.endsWith('/hotelDetail')) return detail;
    if (c.url.pathname.endsWith('/listHotelProduct')) {
      return [quoted, { ...quoted, productId: 22, productName: 'Garden twin', bookable: false, reason: 'No rooms left on ' + inDays(2) }];
    }
    return { ...order, orderId: 77 };
  };
  const path = `/saas-hotel-app/booking/hotelDetail?hotelId=11&checkinDate=${inDays(1)}&checkoutDate=${inDays(3)}&roomNum=1`;

  it("shows the hotel and its products priced for the stay, with the reason one can't be booked", async () => {
    hold('/saas/booking/hotelBookings/order:POST');
    const calls = serve(answer);
    const { problems } = renderPage(HotelBooking, en, path);
    expect(await screen.findByText('Lakeside Hotel')).toBeTruthy();
    expect(await screen.findByTestId('book-21')).toBeTruthy();
    const d = calls.find((c) => c.url.pathname.endsWith('/hotelDetail')) as Call;
    const l = calls.find((c) => c.url.pathname.endsWith('/listHotelProduct')) as Call;
    expect(query(d)).toEqual({ hotelId: '11', checkinDate: inDays(1), checkoutDate: inDays(3), roomNum: '1' });
    expect(query(l)).toEqual({ hotelId: '11', checkinDate: inDays(1), checkoutDate: inDays(3), roomNum: '1' });
    expect(screen.getByTestId('reason-22').textContent).toBe(`No rooms left on ${inDays(2)}`);
    expect(screen.queryByTestId('book-22')).toBeNull();
    expect(screen.getAllByText('1360.00')).toHaveLength(2);

    fireEvent.change(screen.getByTestId('stay-rooms'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('stay-inquire'));
    await waitFor(() => expect(query(lastGet(calls)).roomNum).toBe('2'));
    expect(lastGet(calls).url.pathname).toBe('/api/hotel-app/saas/booking/hotelBookings/listHotelProduct');
    expect(problems).toEqual([]);
  });

  it('checks the order form, sends nothing while it is wrong, then books and opens the order', async () => {
    hold('/saas/booking/hotelBookings/order:POST');
    const calls = serve(answer);
    const { problems } = renderPage(HotelBooking, en, path);
    fireEvent.click(await screen.findByTestId('book-21'));
    const dialog = await screen.findByTestId('order-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Contact name')).toBeTruthy();
    expect(within(dialog).getByText('Please enter Contact phone')).toBeTruthy();
    expect(within(dialog).getByText('Please enter Guest name')).toBeTruthy();

    fireEvent.change(screen.getByTestId('field-contactName'), { target: { value: ' Zhang San ' } });
    fireEvent.change(screen.getByTestId('field-contactPhone'), { target: { value: '12345' } });
    fireEvent.change(screen.getByTestId('field-guests[0].name'), { target: { value: 'Li Si' } });
    fireEvent.click(within(dialog).getByTestId('order-add-guest'));
    fireEvent.change(screen.getByTestId('field-guests[1].name'), { target: { value: 'Wang Wu' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Wrong phone format!')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-contactPhone'), { target: { value: '0571-12345678' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/booking/hotelBookings/order');
    expect(writes(calls)[0].body).toEqual({
      productId: 21,
      checkinDate: inDays(1),
      checkoutDate: inDays(3),
      roomNum: 1,
      contactName: 'Zhang San',
      contactPhone: '0571-12345678',
      guests: [{ name: 'Li Si' }, { name: 'Wang Wu' }],
      orderMemo: '',
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/saas-hotel-app/order/detail?orderId=77'));
    expect(problems).toEqual([]);
  });
});

describe('booking by the tenant\'s staff', () => {
  it('searches for a distributor picked from the list, and the hotel links carry it', async () => {
    staffUser();
    hold(PERM.distributor.select);
    const calls = serve((c) => (isDistributorList(c) ? distributors : pageOf([{ hotelId: 11, name: 'Lakeside Hotel', nameEn: '', star: 8, zoneId: 3, address: '', minPrice: 136_000, bookableProducts: 2 }])));
    const { problems } = renderPage(BookingSearch, en);
    await screen.findByTestId('booking-hotel-11');
    await waitFor(() => expect(optionsOf('For distributor')).toEqual(['All', 'Blue Travel', 'Green Tours']));
    pick('For distributor', 'Green Tours');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls)).distributorId).toBe('2003'));
    expect(lastGet(calls).url.pathname).toBe('/api/hotel-app/saas/booking/hotelBookings/list');
    await waitFor(() => expect(screen.getByTestId('booking-hotel-11').getAttribute('href')).toMatch(/&distributorId=2003$/));
    expect(problems).toEqual([]);
  });

  it('asks no distributor list of a distributor', async () => {
    merchantUser(2);
    hold(PERM.distributor.select);
    const calls = serve(() => pageOf([{ hotelId: 11, name: 'Lakeside Hotel', nameEn: '', star: 8, zoneId: 3, address: '', minPrice: 136_000, bookableProducts: 2 }]));
    renderPage(BookingSearch, en);
    await screen.findByTestId('booking-hotel-11');
    expect(screen.queryByTestId('booking-distributor')).toBeNull();
    expect(calls.filter(isDistributorList)).toEqual([]);
  });

  it('asks no distributor list of a user without its code', async () => {
    staffUser();
    hold('/saas/price/priceStoreDistributor/list:GET', '/saas/price/priceStoreDistributor/save:POST');
    const calls = serve(() => []);
    renderPage(PriceCalendar, en, '/saas-hotel-app/product/priceStore?productId=21');
    await screen.findByTestId('own-set');
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('priceStoreDistributor/list'))).toBe(true));
    expect(calls.filter(isDistributorList)).toEqual([]);
  });


  it('needs the distributor booked for and sends it', async () => {
    staffUser();
    hold('/saas/booking/hotelBookings/order:POST', PERM.distributor.select);
    const calls = serve((c) => {
      if (isDistributorList(c)) return distributors;
      if (c.url.pathname.endsWith('/hotelDetail')) return { hotelId: 11, name: 'Lakeside Hotel', nameEn: '', star: 8, address: '', phone: '', images: [], checkinTime: '', checkoutTime: '', serviceDesc: '', products: [] };
      if (c.url.pathname.endsWith('/listHotelProduct')) return [{ ...quoted, isOnlinePay: 2 }];
      return { ...order, orderId: 78 };
    });
    renderPage(HotelBooking, en, `/saas-hotel-app/booking/hotelDetail?hotelId=11&checkinDate=${inDays(1)}&checkoutDate=${inDays(2)}&roomNum=1`);
    fireEvent.click(await screen.findByTestId('book-21'));
    const dialog = await screen.findByTestId('order-dialog');
    fireEvent.change(screen.getByTestId('field-contactName'), { target: { value: 'Zhang San' } });
    fireEvent.change(screen.getByTestId('field-contactPhone'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByTestId('field-guests[0].name'), { target: { value: 'Li Si' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please select For distributor')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    expect(calls.filter(isDistributorList)).toHaveLength(1);
    expect(optionsOf('For distributor')).toEqual(['Blue Travel', 'Green Tours']);
    pick('For distributor', 'Green Tours');
    pick('Payment', 'Pay at the hotel');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toMatchObject({ productId: 21, distributorId: 2003, payOnline: false, roomNum: 1 });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/saas-hotel-app/order/detail?orderId=78'));
  });
});
