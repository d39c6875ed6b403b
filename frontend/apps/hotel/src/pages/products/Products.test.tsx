// Hotel products against a stubbed hotel-app: the list, the form's rules and bodies, the state
// changes.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { actionsFor, PERM } from '@tradewind/shared';
import en from '../../messages/en';
import ProductList from './ProductList';
import type { ProductFull } from './types';
import { gets, lastGet, optionsOf, pageOf, pick, query, renderPage, serve, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import { room, product, zoneTree, isZoneTree, hold, staffUser, merchantUser } from '../../fixtures';

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

setUpPageTests();

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
    expect(writes(calls)).toHaveLength(0);
    await waitFor(() => expect(optionsOf('Supplier')).toEqual(['Demo Supplier', 'Lake Inns']));
    pick('Supplier', 'Lake Inns');
    fireEvent.change(screen.getByTestId('field-productName'), { target: { value: 'Twin' } });
    fireEvent.change(screen.getByTestId('field-hotelId'), { target: { value: '11' } });
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/rooms/list'))).toBe(true));
    await waitFor(() => expect(optionsOf('Room')).toEqual(['King room']));
    pick('Room', 'King room');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].body).toMatchObject({ productName: 'Twin', hotelId: 11, roomId: 5, supplierId: 2005 });
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
    fireEvent.click(await screen.findByTestId('product-actions-21'));
    expect(await screen.findByTestId('product-restore-21')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    fireEvent.click(screen.getByTestId('product-actions-23'));
    expect(screen.queryByTestId('product-delete-23')).toBeNull();
    fireEvent.click(await screen.findByTestId('product-unshelve-23'));
    expect(await screen.findByText('Take "On sale" off the shelf?')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/product/hotelProducts/changeState');
    expect(writes(calls)[0].body).toEqual({ productId: 23, action: 'unshelve' });
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
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-productName'), { target: { value: 'Twin, breakfast' } });
    fireEvent.change(screen.getByTestId('field-hotelId'), { target: { value: '11' } });
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/rooms/list'))).toBe(true));
    expect(query(calls.find((c) => c.url.pathname.endsWith('/rooms/list')) as Call)).toEqual({ hotelId: '11', page: '1', resultNum: '100' });
    await waitFor(() => pick('Room', 'King room'));
    fireEvent.change(screen.getByTestId('field-serialCheckinMax'), { target: { value: '7' } });
    fireEvent.change(screen.getByTestId('field-moveupCancelHours'), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/product/hotelProducts/save');
    expect(writes(calls)[0].body).toEqual({
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
    fireEvent.click(await screen.findByTestId('product-actions-23'));
    fireEvent.click(await screen.findByTestId('product-edit-23'));
    const dialog = await screen.findByTestId('product-dialog');
    expect(query(calls.find((c) => c.url.pathname.endsWith('/hotelProducts/load')) as Call)).toEqual({ productId: '23' });
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Zone' }).textContent).toBe('Zhejiang / Hangzhou'));
    expect(optionsOf('Zone')).toEqual(["The hotel's zone", 'Zhejiang', 'Zhejiang / Hangzhou', 'Zhejiang / Hangzhou / West Lake', 'Hainan', 'Hainan / Sanya']);
    pick('Zone', 'Zhejiang / Hangzhou / West Lake');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/product/hotelProducts/updateHotelProduct');
    expect(writes(calls)[0].body).toMatchObject({ productId: 23, productName: 'Lake view king', zoneId: 4, supplierId: 2001, paymentTypes: '1,2', latestBookingHours: 18, moveupCancelDays: 1 });
  });
});
