// A product's price and stock calendar against a stubbed hotel-app: the month, the setting
// form, the distributors' own prices.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { monthRange, PERM, type PriceDay } from '@tradewind/shared';
import en from '../../messages/en';
import ProductList from '../products/ProductList';
import PriceCalendar from './PriceCalendar';
import { gets, lastGet, optionsOf, pageOf, pick, query, renderPage, serve, setUpPageTests, writes, type Call } from '@tradewind/shared/src/testing';
import { product, distributors, isDistributorList, inDays, hold } from '../../fixtures';

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

setUpPageTests();

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
    expect(within(dialog).getByText('Limited stock needs how many are left to sell')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
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
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/price/priceStore/save');
    expect(writes(calls)[0].body).toEqual({
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
            byRule: false,
          },
          {
            day: first,
            distributorId: 2003,
            distributorName: 'Green Tours',
            commonDistributionPrice: 68_000,
            commonStockType: 'limited',
            commonStock: 20,
            distributionPrice: null,
            authorizedStock: 4,
            authorizedSold: 0,
            effectivePrice: 54_400,
            effectiveStock: 4,
            stockSource: 'authorized',
            bookable: true,
            byRule: true,
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
    // What a distributor's level's price rule makes it pay is marked as the rule's.
    expect(screen.getByTestId('own-by-rule').textContent).toBe('544.00 Price rule');

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
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0].url.pathname).toBe('/api/hotel-app/saas/price/priceStoreDistributor/save');
    expect(writes(calls)[0].body).toEqual({
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
