// Booking tickets against a stubbed ticket-app: the search by visit date and quantity, a product
// that cannot be had says why, the buyer's form asks what the product asks and sends the order;
// for a product paid online it shows the distributor's available credit (a stubbed finance-app).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import en from '../../messages/en';
import BookingSearch from './BookingSearch';
import { lastGet, pageOf, query, renderPage, serve, serveRefusing, setUpPageTests, writes } from '@tradewind/shared/src/testing';
import { distributorUser, hold, inDays, product, staffUser } from '../../fixtures';
import type { BookableProduct } from './types';

setUpPageTests();

const offer: BookableProduct = { ...product, state: 1, visitDate: inDays(1), price: 7_000, retailPrice: 10_000, left: 8, bookable: true, reason: '' };

describe('booking tickets', () => {
  it('searches by visit date and quantity and says why a product cannot be had', async () => {
    const calls = serve(() => pageOf([offer, { ...offer, productId: 52, productName: 'Night boat', bookable: false, reason: 'sold-out', left: 1 }]));
    const { problems } = renderPage(BookingSearch, en);
    expect(await screen.findByText('West Lake boat, adult')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/booking/ticketBookings/list');
    expect(query(calls[0])).toEqual({ page: '1', resultNum: '20', visitDate: inDays(1), quantity: '1' });
    expect(screen.getByTestId('reason-52').textContent).toBe('Not enough tickets left');
    fireEvent.change(screen.getByTestId('booking-visit-date'), { target: { value: inDays(2) } });
    fireEvent.change(screen.getByTestId('booking-quantity'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ page: '1', resultNum: '20', visitDate: inDays(2), quantity: '2' }));
    expect(await screen.findAllByText('140.00')).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it("asks the buyer what the product asks and places the order", async () => {
    const calls = serveRefusing(
      (c) => (c.method === 'GET' ? pageOf([offer]) : { orderId: 901, orderState: 8, orderPrice: 14_000, quantity: 2, visitDate: inDays(1) }),
      (c) => ((c.body as { buyer?: { idNumber?: string } })?.buyer?.idNumber === 'TAKEN1' ? { field: 'buyer.idNumber', reason: 'the purchase limit of this customer is reached' } : null),
    );
    const { problems } = renderPage(BookingSearch, en);
    fireEvent.click(await screen.findByTestId('book-51'));
    const dialog = await screen.findByTestId('ticket-order-dialog');
    // The product asks name, mobile and ID number, and a shoe size from a list.
    expect(screen.queryByTestId('field-buyer.email')).toBeNull();
    fireEvent.change(screen.getByTestId('field-buyer.mobile'), { target: { value: '123' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter Name')).toBeTruthy();
    expect(within(dialog).getByText('Please fill in the correct mobile number')).toBeTruthy();
    expect(within(dialog).getByText('Please enter ID number')).toBeTruthy();
    expect(within(dialog).getByText('Please enter Shoe size')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('field-quantity'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('field-buyer.name'), { target: { value: ' Li Si ' } });
    fireEvent.change(screen.getByTestId('field-buyer.mobile'), { target: { value: '13800000000' } });
    fireEvent.change(screen.getByTestId('field-buyer.idNumber'), { target: { value: 'TAKEN1' } });
    fireEvent.change(screen.getByTestId('field-buyer.custom.Shoe size'), { target: { value: 'M' } });
    expect(within(dialog).getByTestId('order-summary').textContent).toContain('140.00 in all');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('the purchase limit of this customer is reached')).toBeTruthy();

    fireEvent.change(screen.getByTestId('field-buyer.idNumber'), { target: { value: '330106199001011234' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1].url.pathname).toBe('/api/ticket-app/saas/booking/ticketBookings/order');
    expect(writes(calls)[1].body).toEqual({
      productId: 51,
      visitDate: inDays(1),
      quantity: 2,
      buyer: { name: 'Li Si', mobile: '13800000000', idNumber: '330106199001011234', email: '', address: '', custom: { 'Shoe size': 'M' } },
      remark: '',
    });
    expect((await screen.findByTestId('booking-placed')).textContent).toContain('Order 901 placed');
    expect(screen.getByTestId('booking-placed-open').getAttribute('href')).toBe('/saas-ticket-app/order/detail?orderId=901');
    expect(problems).toEqual([]);
  });

  const CHECK = '/api/finance-app/saas/finance/credit/check';
  const credit = { mchId: 2002, currency: 'CNY', credit: 100_000, tempCredit: 0, balance: 0, usedCredit: 0, available: 100_000, state: 1, enough: true, reason: '' };
  const online: BookableProduct = { ...offer, payOnline: true };

  it('shows the distributor its available credit for a product paid online, checked for the total', async () => {
    distributorUser();
    hold('/saas/finance/credit/check:GET');
    const calls = serve((c) => {
      if (c.url.pathname === CHECK) {
        const amount = Number(query(c).amount);
        return amount > credit.available ? { ...credit, enough: false, reason: `not enough credit: 1000.00 available, ${(amount / 100).toFixed(2)} needed` } : credit;
      }
      return pageOf([online]);
    });
    const { problems } = renderPage(BookingSearch, en);
    fireEvent.click(await screen.findByTestId('book-51'));
    const dialog = await screen.findByTestId('ticket-order-dialog');
    expect(await within(dialog).findByText('Available credit: 1000.00 CNY')).toBeTruthy();
    expect(within(dialog).queryByTestId('credit-refused')).toBeNull();
    const checks = () => calls.filter((c) => c.url.pathname === CHECK);
    // A distributor's user checks its own account, for one ticket at 70.00.
    expect(query(checks()[0])).toEqual({ amount: '7000' });

    fireEvent.change(screen.getByTestId('field-quantity'), { target: { value: '20' } });
    expect(await within(dialog).findByTestId('credit-refused')).toBeTruthy();
    expect(within(dialog).getByTestId('credit-refused').textContent).toBe('Paying by credit would be refused: not enough credit: 1000.00 available, 1400.00 needed');
    expect(query(checks()[checks().length - 1])).toEqual({ amount: '140000' });
    // No quantity ticket-app would take: only what is available.
    fireEvent.change(screen.getByTestId('field-quantity'), { target: { value: '' } });
    await waitFor(() => expect(query(checks()[checks().length - 1])).toEqual({}));
    expect(await within(dialog).findByText('Available credit: 1000.00 CNY')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('shows no credit for a product not paid online, nor to a user without the check\'s code or staff naming no distributor', async () => {
    distributorUser();
    hold('/saas/finance/credit/check:GET');
    let calls = serve((c) => (c.url.pathname === CHECK ? credit : pageOf([offer])));
    renderPage(BookingSearch, en);
    fireEvent.click(await screen.findByTestId('book-51'));
    await screen.findByTestId('ticket-order-dialog');
    expect(screen.queryByTestId('credit-available')).toBeNull();
    expect(calls.filter((c) => c.url.pathname === CHECK)).toEqual([]);
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryByTestId('ticket-order-dialog')).toBeNull());

    for (const user of [() => hold(), () => { staffUser(); hold('/saas/finance/credit/check:GET'); }]) {
      user();
      calls = serve((c) => (c.url.pathname === CHECK ? credit : pageOf([online])));
      fireEvent.click(screen.getByTestId('search-inquire'));
      await waitFor(() => expect(calls).toHaveLength(1));
      fireEvent.click(await screen.findByTestId('book-51'));
      await screen.findByTestId('ticket-order-dialog');
      expect(screen.queryByTestId('credit-available')).toBeNull();
      expect(calls.filter((c) => c.url.pathname === CHECK)).toEqual([]);
      fireEvent.click(screen.getByText('Cancel'));
      await waitFor(() => expect(screen.queryByTestId('ticket-order-dialog')).toBeNull());
    }
  });
});
