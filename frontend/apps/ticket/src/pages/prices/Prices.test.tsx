// A ticket product's price and stock calendar against a stubbed ticket-app: the shared calendar
// on ticket-app's paths, its setting rules, the save's body, a distributor's own prices read from
// the list asked for that distributor and set through its save.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { monthRange, PERM, type PriceDay } from '@tradewind/shared';
import en from '../../messages/en';
import AllProducts from '../products/ProductList';
import PriceCalendar from './PriceCalendar';
import { gets, pageOf, pick, query, renderPage, serve, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import { hold, inDays, product } from '../../fixtures';

setUpPageTests();

const isCalendar = (c: Call) => c.url.pathname === '/api/ticket-app/saas/price/ticketPriceStore/list';
const isDistributors = (c: Call) => c.url.pathname === '/api/saas-main/saas/merchant/distributorInfos/loadForSelect';

function priceDay(d: string, over: Partial<PriceDay> = {}): PriceDay {
  return { day: d, hasPrice: true, purchasePrice: 5_000, distributionPrice: 8_000, retailPrice: 10_000, stockType: 'limited', stock: 30, sold: 2, closed: false, ...over };
}

describe('ticket price calendar', () => {
  const now = new Date();
  const month = monthRange(now.getFullYear(), now.getMonth() + 1);
  const first = month.startDate;

  it('links a product to its calendar for a user who may read it', async () => {
    hold(PERM.ticketPrice.list);
    serve(() => pageOf([product]));
    renderPage(AllProducts, en);
    const link = await screen.findByTestId('product-prices-51');
    expect(link.getAttribute('href')).toBe('/saas-ticket-app/product/ticketPriceStore?productId=51');
    expect(link.textContent).toBe('Prices');
  });

  it("shows the month from ticket-app in yuan with the tickets left", async () => {
    const calls = serve(() => [priceDay(first)]);
    const { problems } = renderPage(PriceCalendar, en, '/saas-ticket-app/product/ticketPriceStore?productId=51');
    const cell = await screen.findByTestId(`price-day-${first}`);
    expect(await within(cell).findByText('¥80.00')).toBeTruthy();
    expect(within(cell).getByText(/Stock 30/)).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/price/ticketPriceStore/list');
    expect(query(calls[0])).toEqual({ productId: '51', ...month });
    expect(screen.getByTestId('prices-back').getAttribute('href')).toBe('/saas-ticket-app/product/scenicProducts/list');
    expect(problems).toEqual([]);
  });

  it('checks the setting form (a date first, a number for a non-fixed option, no division by zero) and saves to ticket-app', async () => {
    hold(PERM.ticketPrice.save);
    const calls = serve((c) => (c.method === 'POST' ? { dates: [], created: 0 } : []));
    const { problems } = renderPage(PriceCalendar, en, '/saas-ticket-app/product/ticketPriceStore?productId=51');
    fireEvent.click(await screen.findByTestId('prices-set'));
    const dialog = await screen.findByTestId('price-dialog');
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('A date must be chosen before changing a price')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-startDate'), { target: { value: inDays(1) } });
    fireEvent.change(screen.getByTestId('field-endDate'), { target: { value: inDays(2) } });
    pick('Retail price', 'Divide');
    fireEvent.change(screen.getByTestId('field-retailPrice'), { target: { value: '0' } });
    pick('Purchase price', 'Add');
    pick('Stock', 'Limited');
    expect(within(dialog).getAllByText('Tickets left to sell').length).toBeGreaterThan(0);
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('The division operand cannot be zero')).toBeTruthy();
    expect(within(dialog).getByText('A price option other than fixed needs a number')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);

    pick('Retail price', 'Fixed');
    fireEvent.change(screen.getByTestId('field-retailPrice'), { target: { value: '120' } });
    pick('Purchase price', 'Fixed');
    fireEvent.change(screen.getByTestId('field-purchasePrice'), { target: { value: '60' } });
    pick('Distribution price', 'Fixed');
    fireEvent.change(screen.getByTestId('field-distributionPrice'), { target: { value: '99.9' } });
    fireEvent.change(screen.getByTestId('field-stock'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/price/ticketPriceStore/save');
    expect(writes(calls)[0].body).toEqual({
      productId: 51,
      startDate: inDays(1),
      endDate: inDays(2),
      weekdays: [],
      purchasePrice: { mode: 'fixed', value: 6_000 },
      distributionPrice: { mode: 'fixed', value: 9_990 },
      retailPrice: { mode: 'fixed', value: 12_000 },
      stockType: 'limited',
      stock: 10,
    });
    await waitFor(() => expect(gets(calls).filter(isCalendar)).toHaveLength(2));
    expect(problems).toEqual([]);
  });

  it("reads a distributor's own prices from the list asked for it and sets one", async () => {
    hold(PERM.ticketPrice.list, PERM.ticketPrice.distributorSave, PERM.distributor.select);
    const calls = serve((c) => {
      if (isDistributors(c)) return [{ id: 2002, name: 'Blue Travel' }];
      if (c.method === 'POST') return { dates: [], created: 0 };
      const own = c.url.searchParams.get('distributorId');
      return [
        priceDay(first, own ? { distributor: { distributionPrice: 7_000, authorizedStock: 5, authorizedSold: 1, effectivePrice: 7_000, effectiveStock: 4, stockSource: 'authorized', bookable: true, byRule: false } } : {}),
      ];
    });
    const { problems } = renderPage(PriceCalendar, en, '/saas-ticket-app/product/ticketPriceStore?productId=51');
    await screen.findByTestId(`price-day-${first}`);
    await waitFor(() => expect(calls.some(isDistributors)).toBe(true));
    pick('Distributor', 'Blue Travel');
    fireEvent.click(screen.getByTestId('own-inquire'));
    const table = screen.getByTestId('own-prices-table');
    expect(await within(table).findByText('Blue Travel (2002)')).toBeTruthy();
    expect(within(table).getAllByText('70.00')).toHaveLength(2);
    expect(query(calls.filter(isCalendar).at(-1) as Call)).toEqual({ productId: '51', ...month, distributorId: '2002' });

    fireEvent.click(screen.getByTestId('own-set'));
    const dialog = await screen.findByTestId('own-price-dialog');
    fireEvent.change(screen.getByTestId('field-startDate'), { target: { value: inDays(1) } });
    fireEvent.change(screen.getByTestId('field-endDate'), { target: { value: inDays(1) } });
    pick('Authorised stock', 'Set aside tickets');
    fireEvent.change(screen.getByTestId('field-authorizedStock'), { target: { value: '6' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/price/ticketPriceStoreDistributor/save');
    expect(writes(calls)[0].body).toEqual({ productId: 51, distributorId: 2002, startDate: inDays(1), endDate: inDays(1), weekdays: [], authorizedStock: 6 });
    expect(problems).toEqual([]);
  });
});
