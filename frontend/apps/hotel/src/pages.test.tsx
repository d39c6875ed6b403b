// Each page calls its real endpoint with the filters the service takes and shows the answer
// with translated labels; an order id opens the detail page, which shows the whole order.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { day, PERM, session } from '@tradewind/shared';
import en from './messages/en';
import { pageOf, renderPage, serve, type Call } from '@tradewind/shared/src/testing';
import HotelList from './pages/hotels/HotelList';
import RoomList from './pages/hotels/RoomList';
import type { HotelFull, HotelRow, RoomRow } from './pages/hotels/types';
import ProductList from './pages/products/ProductList';
import type { ProductFull, ProductRow } from './pages/products/types';
import OrderLogList from './pages/logs/OrderLogList';
import SysOrderList from './pages/orders/SysOrderList';
import SupplierOrderList from './pages/orders/SupplierOrderList';
import ChannelOrderList from './pages/orders/ChannelOrderList';
import OrderDetail from './pages/orders/OrderDetail';
import type { OrderFull, OrderRow } from './pages/orders/types';
import PriceCalendar from './pages/prices/PriceCalendar';
import BookingSearch from './pages/booking/BookingSearch';
import HotelBooking from './pages/booking/HotelBooking';
import type { QuotedProduct } from './pages/booking/types';
import { stayProblem } from './pages/booking/stay';
import ProductReport from './pages/reports/ProductReport';
import type { ProductSummary } from './pages/reports/types';
import { defaultPeriod } from './pages/reports/period';
import RequestList from './pages/hotels/RequestList';
import { actionsFor } from './pages/products/productStates';
import { actionsOf, adjustBody, partyOf } from './pages/orders/orderActions';
import { monthRange } from './pages/prices/calendarRules';
import type { PriceDay } from './pages/prices/types';
import type { ZoneNode } from './pages/choices';

const hotel: HotelRow = {
  id: 11,
  name: 'Lakeside Hotel',
  nameEn: 'Lakeside',
  star: 8,
  zoneId: 3,
  zoneName: 'Hangzhou',
  address: '1 West Lake Road',
  phone: '0571-12345678',
  roomNum: 120,
  state: 1,
  createDate: 1_767_225_600_000,
};

const room: RoomRow = {
  id: 5,
  hotelId: 11,
  name: 'King room',
  bedType: 2,
  roomType: 1,
  area: '35',
  floor: '5-8',
  maxGuests: 2,
  addBed: 1,
  broadband: '0',
  window: 2,
  state: 0,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
};

const product: ProductRow = {
  productId: 21,
  productName: 'Lake view king',
  hotelId: 11,
  hotelName: 'Lakeside Hotel',
  roomName: 'King room',
  supplierName: 'Sunrise Hotels',
  confirmType: 1,
  cancelType: 2,
  isOnlinePay: 1,
  breakfastNum: 99,
  state: -1,
  createDate: 1_767_225_600_000,
};

const order: OrderRow = {
  orderId: 42,
  supplierId: 2001,
  distributionId: 3001,
  hotelId: 11,
  roomId: 5,
  productId: 21,
  hotelName: 'Lakeside Hotel',
  productName: 'Lake view king',
  contactName: 'Zhang San',
  contactPhone: '13800000000',
  checkinDate: '2026-05-01',
  checkoutDate: '2026-05-03',
  nights: 2,
  productNum: 2,
  personNum: 3,
  orderPrice: 123_400,
  channelPrice: 123_400,
  supplierPrice: 100_000,
  orderState: 8,
  realOrderState: 30,
  supplierOrderState: 30,
  channelOrderState: 30,
  payState: 21,
  cancelApply: 0,
  needConfirm: true,
  payDeadline: 0,
  createDate: 1_767_225_600_000,
  modifyDate: 1_767_225_600_000,
  supplierName: 'Sunrise Hotels',
  distributorName: 'Blue Travel',
};

const full: OrderFull = {
  ...order,
  supplierOrderId: '',
  channelOrderId: 'BT-9',
  contactIdType: 1,
  contactIdNo: '',
  payType: 1,
  payPrice: 123_400,
  payDate: 1_767_225_700_000,
  confirmDate: 0,
  finishDate: 0,
  allowedCancel: true,
  cancelDeadline: 1_777_000_000_000,
  cancelPrice: 0,
  orderMemo: 'late arrival',
  guestMemo: '',
  memoInner: '',
  currency: 'CNY',
  guests: [{ name: 'Li Si', phone: '', idType: 1, idNo: '', country: 'CN' }],
  nightly: [
    { day: '2026-05-01', price: 30_850, purchasePrice: 25_000, stockSource: 1 },
    { day: '2026-05-02', price: 30_850, purchasePrice: 25_000, stockSource: 2 },
  ],
  logs: [
    { id: 1, orderId: 42, userId: 9, username: 'blue', action: 'create', fromState: -1, toState: 2, remark: '', createDate: 1_767_225_600_000 },
    { id: 2, orderId: 42, userId: 9, username: 'blue', action: 'pay', fromState: 2, toState: 8, remark: 'credit', createDate: 1_767_225_700_000 },
  ],
};

const gets = (calls: Call[]) => calls.filter((c) => c.method === 'GET');
const lastGet = (calls: Call[]) => gets(calls)[gets(calls).length - 1];
const query = (c: Call) => Object.fromEntries(c.url.searchParams);

function pick(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

/** The texts of a select's options, its menu closed again. */
function optionsOf(label: string): string[] {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const listbox = screen.getByRole('listbox');
  const texts = within(listbox).getAllByRole('option').map((o) => o.textContent ?? '');
  fireEvent.keyDown(listbox, { key: 'Escape' });
  return texts;
}

/** The tenant's distributors as saas-main's loadForSelect answers them. */
const distributors = [
  { id: 2002, name: 'Blue Travel' },
  { id: 2003, name: 'Green Tours' },
];
const isDistributorList = (c: Call) => c.url.pathname === '/api/saas-main/saas/merchant/distributorInfos/loadForSelect';

/** The tenant's zones as hotel-app's zones/tree answers them (Ningbo disabled). */
const zone = (id: number, parentId: number, name: string, children: ZoneNode[] = [], state = 1): ZoneNode => ({ id, parentId, name, state, children });
const zoneTree: ZoneNode[] = [
  zone(1, 0, 'Zhejiang', [zone(3, 1, 'Hangzhou', [zone(4, 3, 'West Lake')]), zone(5, 1, 'Ningbo', [], 0)]),
  zone(2, 0, 'Hainan', [zone(6, 2, 'Sanya')]),
];
const isZoneTree = (c: Call) => c.url.pathname === '/api/hotel-app/saas/hotel/zones/tree';

beforeEach(() => {
  session.clear();
  session.setTokens('token-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hotels', () => {
  it('lists the hotels with their star rating, filtered by name, star and state', async () => {
    const calls = serve(() => pageOf([hotel]));
    const { problems } = renderPage(HotelList, en);
    expect(await screen.findByText('Lakeside Hotel')).toBeTruthy();
    expect(screen.getByText('Five-star')).toBeTruthy();
    expect(screen.getByTestId('hotel-hotels-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('hotels-name'), { target: { value: 'Lake' } });
    pick('Star rating', 'Upscale');
    pick('State', 'Disabled');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', name: 'Lake', star: '5', state: '0' }));
    expect(problems).toEqual([]);
  });
});

describe('hotel rooms', () => {
  it("links each hotel to its rooms for a user who may list them, and only then", async () => {
    session.setPermissions([{ permCode: '/saas/hotel/rooms/list:GET', appId: 1 }]);
    serve(() => pageOf([hotel]));
    const { problems } = renderPage(HotelList, en);
    const link = await screen.findByTestId('hotel-rooms-11');
    expect(link.getAttribute('href')).toBe('/saas-hotel-app/hotel/rooms?hotelId=11');
    expect(link.textContent).toBe('View rooms');
    expect(problems).toEqual([]);
  });

  it('shows no rooms link without the rooms code', async () => {
    serve(() => pageOf([hotel]));
    renderPage(HotelList, en);
    await screen.findByText('Lakeside Hotel');
    expect(screen.queryByTestId('hotel-rooms-11')).toBeNull();
  });

  it('lists the rooms of the hotel the URL names, another when asked, and Reset goes back', async () => {
    const calls = serve(() => pageOf([room]));
    const { problems } = renderPage(RoomList, en, '/saas-hotel-app/hotel/rooms?hotelId=11');
    expect(await screen.findByText('King room')).toBeTruthy();
    expect(screen.getByTestId('hotel-rooms-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/hotel/rooms/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20', hotelId: '11' });
    for (const text of ['5-8', 'Yes', 'No', 'Some rooms have one', 'Disabled']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect((screen.getByTestId('rooms-hotel-id') as HTMLInputElement).value).toBe('11');
    expect(screen.getByTestId('rooms-back').getAttribute('href')).toBe('/saas-hotel-app/hotel/list');

    fireEvent.change(screen.getByTestId('rooms-hotel-id'), { target: { value: '1x2' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', hotelId: '12' }));

    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', hotelId: '11' }));
    expect(problems).toEqual([]);
  });

  it('asks for a hotel when none is named, without calling', async () => {
    const calls = serve(() => pageOf([room]));
    const { problems } = renderPage(RoomList, en, '/saas-hotel-app/hotel/rooms');
    expect(await screen.findByText('No hotel was chosen: open its rooms from the hotel list, or enter a hotel ID.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(problems).toEqual([]);
  });
});

describe('products', () => {
  it('lists the products with their terms, deleted ones when asked for', async () => {
    const calls = serve(() => pageOf([product]));
    const { problems } = renderPage(ProductList, en);
    expect(await screen.findByText('Lake view king')).toBeTruthy();
    for (const text of ['Instant', 'Cancellable until a deadline', 'One per guest', 'Online', 'Deleted']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/product/hotelProducts/list');

    pick('State', 'Deleted');
    pick('Confirmation', 'Delayed');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(lastGet(calls).url.searchParams.get('state')).toBe('-1'));
    expect(lastGet(calls).url.searchParams.get('confirmType')).toBe('2');
    expect(problems).toEqual([]);
  });
});

describe('order lists', () => {
  it("lists the tenant's orders, each linking to its detail", async () => {
    const calls = serve(() => pageOf([order]));
    const { problems } = renderPage(SysOrderList, en);
    const link = await screen.findByTestId('order-42');
    expect(link.getAttribute('href')).toBe('/saas-hotel-app/order/detail?orderId=42');
    expect(screen.getByText('1234.00')).toBeTruthy();
    expect(screen.getByText('Unconfirmed')).toBeTruthy();
    expect(screen.getByTestId('hotel-orders-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/sys/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });

    fireEvent.change(screen.getByTestId('orders-order-id'), { target: { value: '4x2' } });
    expect((screen.getByTestId('orders-order-id') as HTMLInputElement).value).toBe('42');
    fireEvent.change(screen.getByTestId('orders-contact'), { target: { value: 'Zhang' } });
    pick('Order state', 'Unconfirmed');
    pick('Payment state', 'Paid');
    pick('Date of', 'Check-in date');
    fireEvent.change(screen.getByTestId('orders-start'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByTestId('orders-end'), { target: { value: '2026-05-31' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(query(lastGet(calls))).toEqual({
        page: '1',
        resultNum: '20',
        orderId: '42',
        contact: 'Zhang',
        orderState: '8',
        payState: '21',
        dateType: '2',
        startDate: '2026-05-01',
        endDate: '2026-05-31',
      }),
    );
    expect(problems).toEqual([]);
  });

  it("opens a supplier's list on the order a notification names, and Reset leaves it", async () => {
    const calls = serve(() => pageOf([order]));
    const { problems } = renderPage(SupplierOrderList, en, '/saas-hotel-app/order/supplier/list?orderId=42');
    await screen.findByTestId('order-42');
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/supplier/list');
    expect(calls[0].url.searchParams.get('orderId')).toBe('42');
    expect((screen.getByTestId('orders-order-id') as HTMLInputElement).value).toBe('42');
    expect(screen.getByTestId('hotel-supplier-orders-table')).toBeTruthy();

    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/saas-hotel-app/order/supplier/list'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20' }));
    expect((screen.getByTestId('orders-order-id') as HTMLInputElement).value).toBe('');
    expect(problems).toEqual([]);
  });

  it("lists a distributor's orders", async () => {
    const calls = serve(() => pageOf([{ ...order, supplierPrice: undefined }]));
    renderPage(ChannelOrderList, en);
    await screen.findByTestId('order-42');
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/channel/list');
    expect(screen.getByTestId('hotel-channel-orders-table')).toBeTruthy();
  });
});

describe('order log', () => {
  it("lists the tenant's order log, filtered by order and action, each entry linking to its order", async () => {
    const calls = serve(() => pageOf(full.logs));
    const { problems } = renderPage(OrderLogList, en);
    const link = await screen.findByTestId('log-order-2');
    expect(link.getAttribute('href')).toBe('/saas-hotel-app/order/detail?orderId=42');
    expect(screen.getByTestId('hotel-order-logs-table')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/log/orderLog/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });
    for (const text of ['Placed', 'Paid', 'credit']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(screen.getAllByText('Unpaid')).toHaveLength(2);
    expect(screen.getByText('Unconfirmed')).toBeTruthy();

    fireEvent.change(screen.getByTestId('order-logs-order-id'), { target: { value: '4x2' } });
    pick('Action', 'Cancellation requested');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', orderId: '42', action: 'apply-cancel' }));

    fireEvent.click(screen.getByTestId('search-reset'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20' }));
    expect(problems).toEqual([]);
  });
});

describe('order detail', () => {
  it('shows the order, its guests, nightly prices and log', async () => {
    const calls = serve(() => full);
    const { problems } = renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    expect(await screen.findByText('Li Si')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/sys/load');
    expect(query(calls[0])).toEqual({ orderId: '42' });
    expect(screen.getByText('Order 42')).toBeTruthy();

    const amounts = screen.getByTestId('order-amounts');
    expect(within(amounts).getByText('Supplier price')).toBeTruthy();
    expect(within(amounts).getByText('1000.00')).toBeTruthy();
    expect(within(amounts).getByText('Credit')).toBeTruthy();
    expect(within(screen.getByTestId('order-states')).getAllByText('Booking')).toHaveLength(3);

    const nights = screen.getByTestId('order-nights');
    expect(within(nights).getAllByText('308.50')).toHaveLength(2);
    expect(within(nights).getAllByText('250.00')).toHaveLength(2);
    expect(within(nights).getByText('Authorised stock')).toBeTruthy();

    const logs = screen.getByTestId('order-logs');
    expect(within(logs).getByText('Placed')).toBeTruthy();
    expect(within(logs).getByText('credit')).toBeTruthy();
    expect(within(logs).getAllByText('Unpaid')).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it("hides the supplier's prices from a distributor", async () => {
    serve(() => ({ ...full, supplierPrice: undefined, nightly: full.nightly.map((n) => ({ ...n, purchasePrice: 0 })) }));
    renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    await screen.findByText('Li Si');
    expect(within(screen.getByTestId('order-amounts')).queryByText('Supplier price')).toBeNull();
    expect(within(screen.getByTestId('order-nights')).queryByText('Purchase price per room')).toBeNull();
  });

  it('asks for an order when none is named, without calling', async () => {
    const calls = serve(() => full);
    const { problems } = renderPage(OrderDetail, en, '/saas-hotel-app/order/detail');
    expect(await screen.findByText('No order was chosen: open one from an order list.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    expect(problems).toEqual([]);
  });
});

const inDays = (n: number) => day(new Date(Date.now() + n * 86_400_000));
const posts = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');
const hold = (...codes: string[]) => session.setPermissions(codes.map((permCode) => ({ permCode, appId: 36 })));

function priceDay(d: string, over: Partial<PriceDay> = {}): PriceDay {
  return {
    day: d,
    hasPrice: true,
    purchasePrice: 58_000,
    distributionPrice: 68_000,
    retailPrice: 88_000,
    stockType: 'limited',
    stock: 20,
    sold: 1,
    closed: false,
    ...over,
  };
}

describe('price calendar', () => {
  const now = new Date();
  const month = monthRange(now.getFullYear(), now.getMonth() + 1);
  const first = month.startDate;
  const second = `${first.slice(0, 8)}02`;
  const third = `${first.slice(0, 8)}03`;

  it('links a product to its calendar for a user who may read it', async () => {
    hold('/saas/price/priceStore/list:GET');
    serve(() => pageOf([product]));
    renderPage(ProductList, en);
    const link = await screen.findByTestId('product-prices-21');
    expect(link.getAttribute('href')).toBe('/saas-hotel-app/product/priceStore?productId=21');
  });

  it("shows the month's prices in yuan, stock, no limit and closed dates", async () => {
    const calls = serve(() => [
      priceDay(first),
      priceDay(second, { stockType: 'unlimited', stock: 0, distributionPrice: 45_050 }),
      priceDay(third, { closed: true }),
    ]);
    const { problems } = renderPage(PriceCalendar, en, '/saas-hotel-app/product/priceStore?productId=21');
    const cell = await screen.findByTestId(`price-day-${first}`);
    expect(await within(cell).findByText('¥680.00')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/price/priceStore/list');
    expect(query(calls[0])).toEqual({ productId: '21', ...month });
    expect(within(cell).getByText(/Stock 20/)).toBeTruthy();
    expect(within(screen.getByTestId(`price-day-${second}`)).getByText('¥450.50')).toBeTruthy();
    expect(within(screen.getByTestId(`price-day-${second}`)).getByText(/No limit/)).toBeTruthy();
    expect(within(screen.getByTestId(`price-day-${third}`)).getByText('Closed')).toBeTruthy();
    expect(within(screen.getByTestId(`price-day-${first.slice(0, 8)}04`)).getByText('No price')).toBeTruthy();
    // Without the save code there is nothing to set.
    expect(screen.queryByTestId('prices-set')).toBeNull();

    fireEvent.click(screen.getByTestId('prices-next'));
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    expect(query(lastGet(calls)).startDate).not.toBe(first);
    expect(problems).toEqual([]);
  });

  it('checks the setting form: a date first, an option needs its number, no division by zero', async () => {
    hold('/saas/price/priceStore/save:POST');
    const calls = serve(() => []);
    const { problems } = renderPage(PriceCalendar, en, '/saas-hotel-app/product/priceStore?productId=21');
    fireEvent.click(await screen.findByTestId('prices-set'));
    const dialog = await screen.findByTestId('price-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('A date must be chosen before changing a price')).toBeTruthy();

    fireEvent.change(screen.getByTestId('field-startDate'), { target: { value: inDays(1) } });
    fireEvent.change(screen.getByTestId('field-endDate'), { target: { value: inDays(3) } });
    pick('Distribution price', 'Fixed');
    pick('Retail price', 'Divide');
    fireEvent.change(screen.getByTestId('field-retailPrice'), { target: { value: '0' } });
    pick('Purchase price', 'Add');
    pick('Stock', 'Limited');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('This option can not be empty!')).toBeTruthy();
    expect(within(dialog).getByText('The division operand cannot be zero')).toBeTruthy();
    expect(within(dialog).getByText('A price option other than fixed needs a number')).toBeTruthy();
    expect(within(dialog).getByText('Limited stock needs the number of rooms')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    expect(problems).toEqual([]);
  });

  it('saves a range of weekdays with the exact body and reloads the grid', async () => {
    hold('/saas/price/priceStore/save:POST');
    const calls = serve((c) => (c.method === 'POST' ? { dates: [], created: 0 } : []));
    renderPage(PriceCalendar, en, '/saas-hotel-app/product/priceStore?productId=21');
    fireEvent.click(await screen.findByTestId('prices-set'));
    const dialog = await screen.findByTestId('price-dialog');
    fireEvent.change(screen.getByTestId('field-startDate'), { target: { value: inDays(1) } });
    fireEvent.change(screen.getByTestId('field-endDate'), { target: { value: inDays(14) } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Weekdays (none: every day)' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Sat' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Fri' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    expect(within(dialog).getByTestId('price-covered').textContent).toBe('4 dates chosen');
    pick('Distribution price', 'Fixed');
    fireEvent.change(screen.getByTestId('field-distributionPrice'), { target: { value: '699.5' } });
    pick('Retail price', 'Multiply');
    fireEvent.change(screen.getByTestId('field-retailPrice'), { target: { value: '1.1' } });
    pick('Stock', 'No limit (orders need confirmation)');
    pick('Open or closed', 'Closed');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/price/priceStore/save');
    expect(posts(calls)[0].body).toEqual({
      productId: 21,
      startDate: inDays(1),
      endDate: inDays(14),
      weekdays: [5, 6],
      distributionPrice: { mode: 'fixed', value: 69_950 },
      retailPrice: { mode: 'multiply', value: 1.1 },
      stockType: 'unlimited',
      closed: true,
    });
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
  });

  it("lists distributors' own prices and sets one with the exact body", async () => {
    hold('/saas/price/priceStoreDistributor/list:GET', '/saas/price/priceStoreDistributor/save:POST', PERM.distributor.select);
    const calls = serve((c) => {
      if (isDistributorList(c)) return distributors;
      if (c.url.pathname.endsWith('priceStoreDistributor/list')) {
        return [
          {
            day: first,
            distributorId: 2002,
            distributorName: 'Blue Travel',
            commonDistributionPrice: 68_000,
            commonStockType: 'limited',
            commonStock: 20,
            distributionPrice: 60_000,
            authorizedStock: 3,
            authorizedSold: 1,
            effectivePrice: 60_000,
            effectiveStock: 2,
            stockSource: 'authorized',
            bookable: true,
          },
        ];
      }
      return c.method === 'POST' ? { dates: [], created: 0 } : [];
    });
    const { problems } = renderPage(PriceCalendar, en, '/saas-hotel-app/product/priceStore?productId=21');
    expect(await screen.findByText('Blue Travel (2002)')).toBeTruthy();
    const own = calls.find((c) => c.url.pathname.endsWith('priceStoreDistributor/list')) as Call;
    expect(query(own)).toEqual({ productId: '21', ...month });
    expect(screen.getAllByText('600.00')).toHaveLength(2);

    // The distributor is picked from the tenant's list, never typed.
    await waitFor(() => expect(calls.some(isDistributorList)).toBe(true));
    await waitFor(() => expect(optionsOf('Distributor')).toEqual(['All', 'Blue Travel', 'Green Tours']));
    pick('Distributor', 'Blue Travel');
    fireEvent.click(screen.getByTestId('own-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ productId: '21', ...month, distributorId: '2002' }));

    fireEvent.click(screen.getByTestId('own-set'));
    const dialog = await screen.findByTestId('own-price-dialog');
    // The dialog starts on the distributor listed and offers the others.
    expect(within(dialog).getByRole('combobox', { name: 'Distributor' }).textContent).toBe('Blue Travel');
    expect(optionsOf('Distributor')).toEqual(['Blue Travel', 'Green Tours']);
    pick('Distributor', 'Green Tours');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('A date must be chosen before changing a price')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-startDate'), { target: { value: inDays(1) } });
    fireEvent.change(screen.getByTestId('field-endDate'), { target: { value: inDays(2) } });
    pick('Distribution price', 'Subtract');
    fireEvent.change(screen.getByTestId('field-distributionPrice'), { target: { value: '10' } });
    pick('Authorised stock', 'Use the common stock');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/price/priceStoreDistributor/save');
    expect(posts(calls)[0].body).toEqual({
      productId: 21,
      distributorId: 2003,
      startDate: inDays(1),
      endDate: inDays(2),
      weekdays: [],
      distributionPrice: { mode: 'subtract', value: 1_000 },
      authorizedStock: null,
    });
    expect(problems).toEqual([]);
  });
});

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
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-contactPhone'), { target: { value: '0571-12345678' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/booking/hotelBookings/order');
    expect(posts(calls)[0].body).toEqual({
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

describe('product report', () => {
  const summary: ProductSummary = {
    productId: 21,
    productName: 'Lake view king',
    hotelId: 11,
    hotelName: 'Lakeside Hotel',
    orderNum: 3,
    roomNights: 5,
    orderPrice: 340_000,
    supplierPrice: 290_000,
    profit: 50_000,
    cancelNum: 1,
  };

  it('reports the orders per product of the period with its totals', async () => {
    const calls = serve(() => [summary, { ...summary, productId: 22, productName: 'Garden twin', orderNum: 1, orderPrice: 45_000, supplierPrice: 38_000, profit: 7_000, cancelNum: 0 }]);
    const { problems } = renderPage(ProductReport, en);
    expect(await screen.findByText('Lake view king (21)')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/order/hotelOrderReport/listProductSummary');
    expect(query(calls[0])).toEqual(defaultPeriod());
    expect(screen.getByText('3400.00')).toBeTruthy();
    expect(screen.getByText('Total')).toBeTruthy();
    expect(screen.getByText('3850.00')).toBeTruthy();
    expect(screen.getByText('570.00')).toBeTruthy();

    fireEvent.change(screen.getByTestId('report-start'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('report-end'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ startDate: '2026-01-01', endDate: '2026-03-31' }));

    fireEvent.change(screen.getByTestId('report-start'), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    expect(await screen.findByText('The end date is before the start date')).toBeTruthy();
    fireEvent.change(screen.getByTestId('report-start'), { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    expect(await screen.findByText('The period is at most a year')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(problems).toEqual([]);
  });
});

const staffUser = () => session.setUser({ id: 1, username: 'demo', saasId: 1001, mchId: 0, mscType: 200 } as never, {});
const merchantUser = (mchType: number) =>
  session.setUser({ id: 2, username: 'm', saasId: 1001, mchId: 2001, mscType: 311 } as never, { mchType });

describe('report for a distributor', () => {
  it("leaves out what the supplier is paid and the profit", async () => {
    merchantUser(2);
    serve(() => [{ productId: 21, productName: 'Lake view king', hotelId: 11, hotelName: 'Lakeside Hotel', orderNum: 1, roomNights: 2, orderPrice: 136_000, supplierPrice: 116_000, profit: 20_000, cancelNum: 0 }]);
    renderPage(ProductReport, en);
    await screen.findByText('Lake view king (21)');
    expect(screen.queryByText('Supplier amount')).toBeNull();
    expect(screen.queryByText('1160.00')).toBeNull();
    expect(screen.queryByText('Profit')).toBeNull();
  });
});

const hotelFull: HotelFull = {
  ...hotel,
  areaId: '460200',
  postCode: '572000',
  fax: '',
  images: ['https://img.example/a.jpg'],
  openDate: '2010-01-01',
  checkinTime: '14:00',
  checkoutTime: '12:00',
  longitude: 109.5,
  latitude: 18.2,
  timeZone: 'Asia/Shanghai',
  serviceDesc: 'Pool',
};

describe('hotel form', () => {
  it('checks the new hotel and saves it for the staff', async () => {
    staffUser();
    hold('/saas/hotel/hotelInfos/save:POST', PERM.zone.tree);
    const calls = serve((c) => (isZoneTree(c) ? zoneTree : c.method === 'GET' ? pageOf([hotel]) : hotelFull));
    const { problems } = renderPage(HotelList, en);
    fireEvent.click(await screen.findByTestId('hotel-add'));
    const dialog = await screen.findByTestId('hotel-dialog');
    fireEvent.change(screen.getByTestId('field-phone'), { target: { value: '123' } });
    fireEvent.change(screen.getByTestId('field-checkinTime'), { target: { value: '25:00' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Hotel name')).toBeTruthy();
    expect(within(dialog).getByText('Wrong phone format!')).toBeTruthy();
    expect(within(dialog).getByText('A time as HH:MM')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-name'), { target: { value: ' Harbour Inn ' } });
    fireEvent.change(screen.getByTestId('field-phone'), { target: { value: '0898-88886666' } });
    fireEvent.change(screen.getByTestId('field-checkinTime'), { target: { value: '15:00' } });
    fireEvent.change(screen.getByTestId('field-roomNum'), { target: { value: '80' } });
    fireEvent.change(screen.getByTestId('field-images'), { target: { value: 'https://img.example/1.jpg\n\nhttps://img.example/2.jpg' } });
    pick('Star rating', 'Four-star');
    // Zones are picked from the tree under their path; a disabled one is not offered.
    await waitFor(() => expect(calls.some(isZoneTree)).toBe(true));
    await waitFor(() =>
      expect(optionsOf('Zone')).toEqual(['None', 'Zhejiang', 'Zhejiang / Hangzhou', 'Zhejiang / Hangzhou / West Lake', 'Hainan', 'Hainan / Sanya']),
    );
    pick('Zone', 'Hainan / Sanya');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/save');
    expect(posts(calls)[0].body).toEqual({
      areaId: '',
      longitude: null,
      latitude: null,
      timeZone: '',
      name: 'Harbour Inn',
      nameEn: '',
      star: 6,
      zoneId: 6,
      address: '',
      postCode: '',
      phone: '0898-88886666',
      fax: '',
      roomNum: 80,
      openDate: '',
      checkinTime: '15:00',
      checkoutTime: '12:00',
      images: ['https://img.example/1.jpg', 'https://img.example/2.jpg'],
      serviceDesc: '',
      state: 1,
    });
    expect(problems).toEqual([]);
  });

  it('loads a hotel and updates it, keeping what the form does not show', async () => {
    staffUser();
    hold('/saas/hotel/hotelInfos/update:PUT', PERM.zone.tree);
    const calls = serve((c) => (isZoneTree(c) ? zoneTree : c.url.pathname.endsWith('/list') ? pageOf([hotel]) : hotelFull));
    renderPage(HotelList, en);
    fireEvent.click(await screen.findByTestId('hotel-edit-11'));
    const dialog = await screen.findByTestId('hotel-dialog');
    const load = calls.find((c) => c.url.pathname.endsWith('/hotelInfos/load')) as Call;
    expect(query(load)).toEqual({ hotelId: '11' });
    expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('Lakeside Hotel');
    // The hotel's zone shows by its path once the tree is in.
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Zone' }).textContent).toBe('Zhejiang / Hangzhou'));
    fireEvent.change(screen.getByTestId('field-serviceDesc'), { target: { value: 'Pool, spa' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].method).toBe('PUT');
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/update');
    expect(posts(calls)[0].body).toMatchObject({ hotelId: 11, name: 'Lakeside Hotel', serviceDesc: 'Pool, spa', longitude: 109.5, latitude: 18.2, timeZone: 'Asia/Shanghai', areaId: '460200', star: 8, zoneId: 3 });
  });

  it('sends a supplier\'s new hotel and changes as requests', async () => {
    merchantUser(1);
    hold('/saas/hotel/hotelInfos/requestAdd:POST', '/saas/hotel/hotelInfos/requestModify:POST');
    const calls = serve((c) => (c.url.pathname.endsWith('/list') ? pageOf([hotel]) : hotelFull));
    const { problems } = renderPage(HotelList, en);
    fireEvent.click(await screen.findByTestId('hotel-add'));
    let dialog = await screen.findByTestId('hotel-dialog');
    expect(within(dialog).getByText('Request a new hotel')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'Harbour Inn' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/requestAdd');
    await waitFor(() => expect(screen.queryByTestId('hotel-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('hotel-edit-11'));
    dialog = await screen.findByTestId('hotel-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelInfos/requestModify');
    expect(posts(calls)[1].body).toMatchObject({ hotelId: 11, name: 'Lakeside Hotel' });
    expect(problems).toEqual([]);
  });
});

describe('room form', () => {
  it('adds a room to the hotel of the page with the exact body, after its rules', async () => {
    hold('/saas/hotel/rooms/save:POST', '/saas/hotel/rooms/update:PUT');
    const calls = serve((c) => (c.url.pathname.endsWith('/rooms/list') ? pageOf([room]) : room));
    const { problems } = renderPage(RoomList, en, '/saas-hotel-app/hotel/rooms?hotelId=11');
    fireEvent.click(await screen.findByTestId('room-add'));
    const dialog = await screen.findByTestId('room-dialog');
    fireEvent.change(screen.getByTestId('field-maxGuests'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Name')).toBeTruthy();
    expect(within(dialog).getByText('1 to 20 guests')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-name'), { target: { value: 'Twin room' } });
    fireEvent.change(screen.getByTestId('field-maxGuests'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('field-area'), { target: { value: '28' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/rooms/save');
    expect(posts(calls)[0].body).toEqual({
      hotelId: 11,
      name: 'Twin room',
      bedType: 0,
      roomType: 0,
      area: '28',
      floor: '',
      maxGuests: 3,
      addBed: 0,
      broadband: '1',
      window: 1,
      state: 1,
    });
    await waitFor(() => expect(screen.queryByTestId('room-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('room-edit-5'));
    const edit = await screen.findByTestId('room-dialog');
    expect(query(calls.find((c) => c.url.pathname.endsWith('/rooms/load')) as Call)).toEqual({ roomId: '5' });
    fireEvent.click(within(edit).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1].method).toBe('PUT');
    expect(posts(calls)[1].body).toEqual({ roomId: 5, name: 'King room', bedType: 2, roomType: 1, area: '35', floor: '5-8', maxGuests: 2, addBed: 1, broadband: '0', window: 2, state: 0 });
    expect(problems).toEqual([]);
  });
});

const productFull: ProductFull = {
  productId: 21,
  productName: 'Lake view king',
  productShortName: '',
  productDesc: '',
  zoneId: 3,
  hotelId: 11,
  roomId: 5,
  supplierId: 2001,
  cancelPolicy: '',
  confirmType: 1,
  shareType: 0,
  cancelType: 2,
  paymentTypes: '1,2',
  isOnlinePay: 1,
  earliestBookingDays: 0,
  earliestBookingHours: 0,
  latestBookingDays: 0,
  latestBookingHours: 18,
  breakfastNum: 2,
  lunchNum: 0,
  dinnerNum: 0,
  serialCheckinMin: 1,
  serialCheckinMax: 0,
  roomCountMin: 1,
  roomCountMax: 0,
  moveupCancelDays: 1,
  moveupCancelHours: 0,
  guestType: 1,
  supplierHotelId: '',
  supplierProductId: '',
  supplierRoomId: '',
  state: 1,
};

describe('product form and states', () => {
  const answer = (c: Call) => {
    if (isZoneTree(c)) return zoneTree;
    if (c.url.pathname.endsWith('/hotelProducts/list')) return pageOf([product, { ...product, productId: 23, productName: 'On sale', state: 1 }]);
    if (c.url.pathname.endsWith('/rooms/list')) return pageOf([room]);
    if (c.url.pathname.endsWith('/load')) return { ...productFull, productId: Number(c.url.searchParams.get('productId')) };
    if (c.url.pathname.endsWith('/supplierInfos/loadForSelect')) return [{ id: 2001, name: 'Demo Supplier' }, { id: 2005, name: 'Lake Inns' }];
    return productFull;
  };

  it("lets the tenant's staff pick a new product's supplier from the tenant's", async () => {
    staffUser();
    hold('/saas/product/hotelProducts/save:POST', PERM.supplier.select);
    const calls = serve(answer);
    const { problems } = renderPage(ProductList, en);
    fireEvent.click(await screen.findByTestId('product-add'));
    const dialog = await screen.findByTestId('product-dialog');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/saas-main/saas/merchant/supplierInfos/loadForSelect')).toBe(true));
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please select Supplier')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    await waitFor(() => expect(optionsOf('Supplier')).toEqual(['Demo Supplier', 'Lake Inns']));
    pick('Supplier', 'Lake Inns');
    fireEvent.change(screen.getByTestId('field-productName'), { target: { value: 'Twin' } });
    fireEvent.change(screen.getByTestId('field-hotelId'), { target: { value: '11' } });
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/rooms/list'))).toBe(true));
    await waitFor(() => expect(optionsOf('Room')).toEqual(['King room']));
    pick('Room', 'King room');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].body).toMatchObject({ productName: 'Twin', hotelId: 11, roomId: 5, supplierId: 2005 });
    expect(problems).toEqual([]);
  });

  it('offers the state changes each state allows', () => {
    expect(actionsFor(0)).toEqual(['publish', 'disable', 'delete']);
    expect(actionsFor(1)).toEqual(['unpublish', 'unshelve', 'disable']);
    expect(actionsFor(2)).toEqual(['unpublish', 'shelve', 'disable', 'delete']);
    expect(actionsFor(3)).toEqual(['enable', 'delete']);
    expect(actionsFor(-1)).toEqual(['restore']);
  });

  it('asks before a state change and sends it', async () => {
    hold('/saas/product/hotelProducts/changeState:PUT');
    const calls = serve(answer);
    const { problems } = renderPage(ProductList, en);
    fireEvent.click(await screen.findByTestId('product-states-21'));
    expect(await screen.findByTestId('product-restore-21')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('product-states-23'));
    expect(screen.queryByTestId('product-delete-23')).toBeNull();
    fireEvent.click(await screen.findByTestId('product-unshelve-23'));
    expect(await screen.findByText('Take "On sale" off the shelf?')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/product/hotelProducts/changeState');
    expect(posts(calls)[0].body).toEqual({ productId: 23, action: 'unshelve' });
    await waitFor(() => expect(gets(calls).filter((c) => c.url.pathname.endsWith('/hotelProducts/list'))).toHaveLength(2));
    expect(problems).toEqual([]);
  });

  it("checks a supplier's new product and saves it with the exact body", async () => {
    merchantUser(1);
    hold('/saas/product/hotelProducts/save:POST', PERM.zone.tree);
    const calls = serve(answer);
    const { problems } = renderPage(ProductList, en);
    fireEvent.click(await screen.findByTestId('product-add'));
    const dialog = await screen.findByTestId('product-dialog');
    // A new product takes its hotel's zone unless another is picked.
    expect(within(dialog).getByRole('combobox', { name: 'Zone' }).textContent).toBe("The hotel's zone");
    pick('Cancellation', 'Cancellable until a deadline');
    fireEvent.change(screen.getByTestId('field-serialCheckinMax'), { target: { value: '95' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Product name')).toBeTruthy();
    expect(within(dialog).getByText('Please enter Hotel ID')).toBeTruthy();
    expect(within(dialog).getByText('Please select Room')).toBeTruthy();
    expect(within(dialog).getByText('0 (no limit) or 1 to 90')).toBeTruthy();
    expect(within(dialog).getByText('Cancellation until a deadline needs days or hours before check-in')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-productName'), { target: { value: 'Twin, breakfast' } });
    fireEvent.change(screen.getByTestId('field-hotelId'), { target: { value: '11' } });
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/rooms/list'))).toBe(true));
    expect(query(calls.find((c) => c.url.pathname.endsWith('/rooms/list')) as Call)).toEqual({ hotelId: '11', page: '1', resultNum: '100' });
    await waitFor(() => pick('Room', 'King room'));
    fireEvent.change(screen.getByTestId('field-serialCheckinMax'), { target: { value: '7' } });
    fireEvent.change(screen.getByTestId('field-moveupCancelHours'), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/product/hotelProducts/save');
    expect(posts(calls)[0].body).toEqual({
      productName: 'Twin, breakfast',
      productShortName: '',
      productDesc: '',
      cancelPolicy: '',
      supplierHotelId: '',
      supplierProductId: '',
      supplierRoomId: '',
      zoneId: 0,
      hotelId: 11,
      roomId: 5,
      confirmType: 1,
      shareType: 0,
      cancelType: 2,
      isOnlinePay: 0,
      earliestBookingDays: 0,
      earliestBookingHours: 0,
      latestBookingDays: 0,
      latestBookingHours: 0,
      breakfastNum: 0,
      lunchNum: 0,
      dinnerNum: 0,
      serialCheckinMin: 1,
      serialCheckinMax: 7,
      roomCountMin: 1,
      roomCountMax: 0,
      moveupCancelDays: 0,
      moveupCancelHours: 6,
      guestType: 1,
      paymentTypes: '1',
    });
    expect(problems).toEqual([]);
  });

  it('loads a product and updates it by id', async () => {
    staffUser();
    hold('/saas/product/hotelProducts/updateHotelProduct:PUT', PERM.zone.tree);
    const calls = serve(answer);
    renderPage(ProductList, en);
    fireEvent.click(await screen.findByTestId('product-edit-23'));
    const dialog = await screen.findByTestId('product-dialog');
    expect(query(calls.find((c) => c.url.pathname.endsWith('/hotelProducts/load')) as Call)).toEqual({ productId: '23' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Zone' }).textContent).toBe('Zhejiang / Hangzhou'));
    expect(optionsOf('Zone')).toEqual(["The hotel's zone", 'Zhejiang', 'Zhejiang / Hangzhou', 'Zhejiang / Hangzhou / West Lake', 'Hainan', 'Hainan / Sanya']);
    pick('Zone', 'Zhejiang / Hangzhou / West Lake');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].method).toBe('PUT');
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/product/hotelProducts/updateHotelProduct');
    expect(posts(calls)[0].body).toMatchObject({ productId: 23, productName: 'Lake view king', zoneId: 4, supplierId: 2001, paymentTypes: '1,2', latestBookingHours: 18, moveupCancelDays: 1 });
  });
});

describe('hotel requests', () => {
  const request = {
    id: 8,
    mchId: 2001,
    mchName: 'Sunrise Hotels',
    kind: 1,
    hotelId: 0,
    hotel: { name: 'Harbour Inn', address: '2 Pier Road' },
    state: 0,
    remark: '',
    createDate: 1_767_225_600_000,
    decideDate: 0,
  };

  it('lists the requests, filtered by state and kind', async () => {
    const calls = serve(() => pageOf([request, { ...request, id: 9, kind: 2, hotelId: 11, state: 2, remark: 'duplicate' }]));
    const { problems } = renderPage(RequestList, en);
    expect(await screen.findByText('Harbour Inn')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelRequests/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20' });
    expect(screen.getByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Harbour Inn (11)')).toBeTruthy();
    expect(screen.queryByTestId('request-approve-8')).toBeNull();
    pick('State', 'Pending');
    pick('Request', 'Change a hotel');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', state: '0', kind: '2' }));
    expect(problems).toEqual([]);
  });

  it('approves and rejects a pending request after asking, with a remark', async () => {
    hold('/saas/hotel/hotelRequests/approve:PUT', '/saas/hotel/hotelRequests/reject:PUT');
    const calls = serve((c) => (c.method === 'GET' ? pageOf([request, { ...request, id: 9, state: 1 }]) : request));
    renderPage(RequestList, en);
    fireEvent.click(await screen.findByTestId('request-approve-8'));
    expect(screen.queryByTestId('request-approve-9')).toBeNull();
    let dialog = await screen.findByTestId('request-decision');
    expect(within(dialog).getByText('Approve this request? The hotel is created or changed as asked.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelRequests/approve');
    expect(posts(calls)[0].body).toEqual({ id: 8, remark: '' });
    await waitFor(() => expect(screen.queryByTestId('request-decision')).toBeNull());

    fireEvent.click(screen.getByTestId('request-reject-8'));
    dialog = await screen.findByTestId('request-decision');
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: ' already listed ' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1].url.pathname).toBe('/api/hotel-app/saas/hotel/hotelRequests/reject');
    expect(posts(calls)[1].body).toEqual({ id: 8, remark: 'already listed' });
  });
});

describe('order actions', () => {
  const all = () => true;
  it('offers each action to its parties in the states it starts from', () => {
    const keys = (state: number, party: 'S' | 'D' | 'O') => actionsOf(state, party, all).map((a) => a.key);
    expect(keys(8, 'S')).toEqual(['confirm', 'refuse']);
    expect(keys(8, 'D')).toEqual(['cancel']);
    expect(keys(2, 'D')).toEqual(['pay', 'cancel']);
    expect(keys(1, 'S')).toEqual(['arrange', 'complete']);
    expect(keys(1, 'D')).toEqual(['applyCancel']);
    expect(keys(7, 'O')).toEqual(['agreeCancel', 'refuseCancel']);
    expect(keys(4, 'O')).toEqual([]);
    expect(actionsOf(8, 'S', (c) => c === '/saas/order/supplier/confirm:PUT').map((a) => a.key)).toEqual(['confirm']);
    expect(partyOf(0, undefined)).toBe('O');
    expect(partyOf(2001, 1)).toBe('S');
    expect(partyOf(2002, 2)).toBe('D');
    expect(adjustBody(42, { orderPrice: '1200.5', supplierPrice: '', channelPrice: '', cancelPrice: '0', remark: ' phone ' })).toEqual({
      orderId: 42,
      orderPrice: 120_050,
      cancelPrice: 0,
      remark: 'phone',
    });
  });

  it("lets the supplier refuse an order with a reason, and loads it again", async () => {
    merchantUser(1);
    hold('/saas/order/supplier/confirm:PUT', '/saas/order/supplier/refuse:PUT', '/saas/order/supplier/arrange:PUT');
    const calls = serve(() => full);
    const { problems } = renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-refuse'));
    expect(screen.getByTestId('order-action-confirm')).toBeTruthy();
    expect(screen.queryByTestId('order-action-arrange')).toBeNull();
    expect(screen.queryByTestId('order-action-cancel')).toBeNull();
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByText('Refuse this order? It becomes invalid and its rooms go back.')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Reason')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: 'Full house' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].method).toBe('PUT');
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/order/supplier/refuse');
    expect(posts(calls)[0].body).toEqual({ orderId: 42, remark: 'Full house' });
    await waitFor(() => expect(gets(calls)).toHaveLength(2));
    expect(problems).toEqual([]);
  });

  it('lets the distributor pay an unpaid order in cash', async () => {
    merchantUser(2);
    hold('/saas/order/channel/pay:PUT', '/saas/order/channel/cancel:PUT');
    const calls = serve(() => ({ ...full, orderState: 2, payState: 0 }));
    renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-pay'));
    const dialog = await screen.findByTestId('order-action-dialog');
    expect(within(dialog).getByText('Amount: 1234.00')).toBeTruthy();
    pick('Pay by', 'Cash');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/order/channel/pay');
    expect(posts(calls)[0].body).toEqual({ orderId: 42, remark: '', payType: 2 });
  });

  it("lets the tenant's staff adjust amounts with a reason and change remarks", async () => {
    staffUser();
    hold('/saas/order/sys/orderToAdjust:PUT', '/saas/order/sys/updateRemark:PUT');
    const calls = serve(() => full);
    const { problems } = renderPage(OrderDetail, en, '/saas-hotel-app/order/detail?orderId=42');
    fireEvent.click(await screen.findByTestId('order-action-adjust'));
    let dialog = await screen.findByTestId('order-adjust-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter an amount to adjust')).toBeTruthy();
    expect(within(dialog).getByText('Please enter the reason')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-supplierPrice'), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter an amount with at most two decimals')).toBeTruthy();
    expect(posts(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-supplierPrice'), { target: { value: '950' } });
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: 'agreed by phone' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].url.pathname).toBe('/api/hotel-app/saas/order/sys/orderToAdjust');
    expect(posts(calls)[0].body).toEqual({ orderId: 42, supplierPrice: 95_000, remark: 'agreed by phone' });
    await waitFor(() => expect(screen.queryByTestId('order-adjust-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('order-action-remark'));
    dialog = await screen.findByTestId('order-remark-dialog');
    fireEvent.change(screen.getByTestId('field-memoInner'), { target: { value: 'VIP' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(2));
    expect(posts(calls)[1].url.pathname).toBe('/api/hotel-app/saas/order/sys/updateRemark');
    expect(posts(calls)[1].body).toEqual({ orderId: 42, memoInner: 'VIP' });
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
    expect(posts(calls)).toHaveLength(0);
    expect(calls.filter(isDistributorList)).toHaveLength(1);
    expect(optionsOf('For distributor')).toEqual(['Blue Travel', 'Green Tours']);
    pick('For distributor', 'Green Tours');
    pick('Payment', 'Pay at the hotel');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0].body).toMatchObject({ productId: 21, distributorId: 2003, payOnline: false, roomNum: 1 });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/saas-hotel-app/order/detail?orderId=78'));
  });
});
