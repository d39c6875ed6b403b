// Ticket products against a stubbed ticket-app: the lists (the tenant's, the supplier's own, by
// scenic spot) and their filters, the state changes a row offers, the form's rules with the
// messages ticket-app gives, and its bodies.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@tradewind/shared';
import en from '../../messages/en';
import AllProducts from './ProductList';
import SupplierProductList from './SupplierProductList';
import ScenicProductGroups from './ScenicProductGroups';
import { closeMenu, choose, lastGet, pageOf, pick, query, renderPage, serve, serveRefusing, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import { hold, product, scenic, staffUser, supplierUser } from '../../fixtures';

setUpPageTests();

const isList = (c: Call) => c.url.pathname === '/api/ticket-app/saas/product/scenicProducts/list';
const isSpots = (c: Call) => c.url.pathname === '/api/ticket-app/saas/product/scenicProducts/listForScenic';
const isSuppliers = (c: Call) => c.url.pathname === '/api/saas-main/saas/merchant/supplierInfos/loadForSelect';
const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`field-${name}`), { target: { value } });

/** ticket-app and saas-main as the form and the list ask them. */
function answer(c: Call) {
  if (isSpots(c)) return pageOf([{ ...scenic, supplierState: 1, productCount: 1 }]);
  if (isSuppliers(c)) return [{ id: 2001, name: 'Sunrise Tickets' }];
  if (c.url.pathname.endsWith('/load')) return product;
  if (c.method === 'GET') return pageOf([product]);
  return product;
}

describe('ticket products', () => {
  it('lists the products with their type, validity and state, filtered by name, spot, state, type and confirmation', async () => {
    const calls = serve(answer);
    const { problems } = renderPage(AllProducts, en);
    expect(await screen.findByText('West Lake boat, adult')).toBeTruthy();
    for (const text of ['Single ticket', 'Delayed', 'Any day within the validity: 2026-12-01 ~ 2026-12-31', 'Settled later', 'Unpublished']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/product/scenicProducts/list');
    fireEvent.change(screen.getByTestId('products-name'), { target: { value: 'boat' } });
    fireEvent.change(screen.getByTestId('products-scenic'), { target: { value: '7' } });
    pick('State', 'Deleted');
    pick('Product type', 'Annual pass');
    pick('Confirmation', 'Instant');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() =>
      expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', productName: 'boat', scenicId: '7', state: '-1', productType: '4', confirmType: '1' }),
    );
    expect(problems).toEqual([]);
  });

  it("offers the state changes the product's state allows, after a question", async () => {
    hold(PERM.ticketProduct.changeState);
    const calls = serve(answer);
    renderPage(AllProducts, en);
    fireEvent.click(await screen.findByTestId('product-actions-51'));
    expect(screen.getByTestId('product-publish-51')).toBeTruthy();
    expect(screen.queryByTestId('product-unshelve-51')).toBeNull();
    fireEvent.click(screen.getByTestId('product-publish-51'));
    expect(await screen.findByText('Publish West Lake boat, adult? Distributors can book it at once.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/product/scenicProducts/changeState');
    expect(writes(calls)[0].body).toEqual({ productId: 51, action: 'publish' });
  });

  it("reads the supplier's own list from its endpoint, the staff naming the supplier", async () => {
    staffUser();
    hold(PERM.supplier.select);
    const calls = serve(answer);
    renderPage(SupplierProductList, en);
    expect(await screen.findByText('West Lake boat, adult')).toBeTruthy();
    expect(calls.find((c) => !isSuppliers(c))?.url.pathname).toBe('/api/ticket-app/saas/product/supplierProduct/listTicket');
    await waitFor(() => expect(calls.some(isSuppliers)).toBe(true));
    pick('Supplier', 'Sunrise Tickets');
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', supplierId: '2001' }));
  });

  it('groups the products by scenic spot, each spot opening its products', async () => {
    const calls = serve(() => pageOf([{ scenicId: 7, scenicName: '西湖风景名胜区', products: [product] }]));
    const { problems } = renderPage(ScenicProductGroups, en);
    expect(await screen.findByText('West Lake boat, adult')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/product/scenicProducts/listScenic');
    expect(screen.getByTestId('group-7').getAttribute('href')).toBe('/saas-ticket-app/product/scenicProducts/list?scenicId=7');
    expect(problems).toEqual([]);
  });
});

describe('the ticket product form', () => {
  it("names every problem by ticket-app's rules before sending anything", async () => {
    staffUser();
    hold(PERM.ticketProduct.save, PERM.supplier.select);
    const calls = serve(answer);
    const { problems } = renderPage(AllProducts, en);
    fireEvent.click(await screen.findByTestId('product-add'));
    const dialog = await screen.findByTestId('product-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Product name')).toBeTruthy();
    expect(within(dialog).getByText('Please select Scenic spot')).toBeTruthy();
    expect(within(dialog).getByText('Please select Supplier')).toBeTruthy();

    // Express delivery needs the address; the buyer's mobile or e-mail is required.
    choose(/^Delivery/, 'Express delivery');
    choose(/^The buyer fills in/, 'Mobile');
    closeMenu();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText("The buyer's mobile or e-mail is required (one of the two)")).toBeTruthy();
    choose(/^The buyer fills in/, 'E-mail');
    closeMenu();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText("Express delivery needs the buyer's delivery address")).toBeTruthy();

    // Validity, booking limit, cancellation, purchase limit and SMS rules.
    choose(/^Validity/, 'Any day within the validity');
    type('validStart', '2026-12-10');
    type('validEnd', '2026-12-01');
    choose(/^Booking time limit/, 'Before a time of the same day');
    choose(/^Cancellation/, 'Refundable up to N days before');
    choose(/^Purchase limit/, 'Per customer');
    choose(/^Customer recognised by/, 'ID number');
    type('smsText', 'x'.repeat(121));
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    for (const text of [
      'The end date cannot be before the start date',
      'Please enter the latest booking time of the day',
      'A number of days from 1 to 365',
      'The purchase limit is 1 to 999',
      'A per-customer limit needs the buyer to fill in that field (mobile or ID number)',
      'The SMS is sent in at most 2 messages of 60 characters',
    ]) {
      expect(await within(dialog).findByText(text)).toBeTruthy();
    }
    expect(screen.getByTestId('sms-parts').textContent).toContain('121 characters: too long for two messages');

    // Custom fields: a select needs options; an interface product has none.
    fireEvent.click(screen.getByTestId('custom-add'));
    fireEvent.change(screen.getByTestId('custom-name-0'), { target: { value: 'Shoe size' } });
    fireEvent.mouseDown(within(screen.getByTestId('custom-fields')).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(within(screen.getAllByRole('listbox').at(-1) as HTMLElement).getByRole('option', { name: 'Select' }));
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Custom field 1: a select field has 1 to 20 options of 1 to 40 characters; other fields none')).toBeTruthy();
    type('interfaceId', '12');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('A product of an external interface cannot have custom fields')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    expect(problems).toEqual([]);
  });

  it('sends every field of a good product, the staff naming the supplier', async () => {
    staffUser();
    hold(PERM.ticketProduct.save, PERM.supplier.select);
    const calls = serve(answer);
    renderPage(AllProducts, en);
    fireEvent.click(await screen.findByTestId('product-add'));
    const dialog = await screen.findByTestId('product-dialog');
    type('productName', ' West Lake boat, child ');
    await waitFor(() => expect(calls.some(isSpots) && calls.some(isSuppliers)).toBe(true));
    expect(query(calls.find(isSpots) as Call)).toEqual({ page: '1', resultNum: '500' });
    choose(/^Supplier/, 'Sunrise Tickets');
    choose(/^Scenic spot/, '西湖风景名胜区');
    choose(/^Validity/, 'Within N days of purchase');
    type('validDays', '30');
    choose(/^Purchase limit/, 'Per order');
    type('limitNum', '5');
    fireEvent.click(screen.getByTestId('custom-add'));
    fireEvent.change(screen.getByTestId('custom-name-0'), { target: { value: ' Height ' } });
    type('smsText', `${'a'.repeat(40)} ${'b'.repeat(40)}`);
    expect(screen.getByTestId('sms-parts').textContent).toContain('81 characters: sent as two messages');
    fireEvent.click(screen.getByTestId('field-payOnline'));
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].method).toBe('POST');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/product/scenicProducts/save');
    expect(writes(calls)[0].body).toEqual({
      productName: 'West Lake boat, child',
      scenicId: 7,
      supplierId: 2001,
      productType: 1,
      deliveryType: 1,
      enterType: 1,
      voucherType: 1,
      voucherPerTicket: true,
      validateType: 3,
      validStart: '',
      validEnd: '',
      validDays: 30,
      limitTimeType: 0,
      limitDays: 0,
      limitTime: '',
      cancelType: 0,
      cancelDays: 0,
      confirmType: 1,
      limitGoodsType: 1,
      limitNum: 5,
      limitBy: 0,
      formFields: [1, 2],
      customFields: [{ name: 'Height', fieldType: 1, required: false, options: [] }],
      interfaceId: 0,
      payOnline: true,
      smsText: `${'a'.repeat(40)} ${'b'.repeat(40)}`,
      images: [],
      description: '',
      notice: '',
    });
  });

  it("loads a supplier's product, keeps its fields and updates it with its id; ticket-app's 412 shows under the field", async () => {
    supplierUser();
    hold(PERM.ticketProduct.load, PERM.ticketProduct.update);
    const calls = serveRefusing(answer, (c) =>
      c.method === 'PUT' && (c.body as { productName: string }).productName === 'Taken' ? { field: 'scenicId', reason: 'the supplier does not cooperate with this scenic spot' } : null,
    );
    renderPage(AllProducts, en);
    fireEvent.click(await screen.findByTestId('product-actions-51'));
    fireEvent.click(screen.getByTestId('product-edit-51'));
    const dialog = await screen.findByTestId('product-dialog');
    expect((screen.getByTestId('field-productName') as HTMLInputElement).value).toBe('West Lake boat, adult');
    expect(screen.queryByTestId('field-supplierId')).toBeNull();
    // Only its cooperating spots are offered to a supplier.
    await waitFor(() => expect(query(calls.find(isSpots) as Call)).toEqual({ page: '1', resultNum: '500', supplierState: '1' }));
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const { productId, supplierId, supplierName, scenicName, state, smsParts, createDate, modifyDate, ...fields } = product;
    expect([supplierId, supplierName, scenicName, state, smsParts, createDate, modifyDate]).toHaveLength(7);
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/product/scenicProducts/updateScenicProduct');
    expect(writes(calls)[0].body).toEqual({ productId, ...fields });

    await waitFor(() => expect(screen.queryByTestId('product-dialog')).toBeNull());
    fireEvent.click(screen.getByTestId('product-actions-51'));
    fireEvent.click(screen.getByTestId('product-edit-51'));
    const again = await screen.findByTestId('product-dialog');
    type('productName', 'Taken');
    fireEvent.click(within(again).getByTestId('form-submit'));
    expect(await within(again).findByText('the supplier does not cooperate with this scenic spot')).toBeTruthy();
    expect(calls.filter(isList).length).toBeGreaterThan(0);
  });
});
