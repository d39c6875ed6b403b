// The orders-per-product report page hotel-app's and ticket-app's reports share, told an example
// kind (a place and a unit of its own): the period asked and checked before asking, the rows with
// the kind's columns and the totals, what a distributor is not shown; and the adjust dialog of an
// order's amounts: the amounts the kind names, yuan typed and fen sent, at least one, a reason.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { session } from '../session';
import { lastGet, query, renderPage, serve, setUpPageTests, writes } from '../testing';
import { AdjustDialog, adjustBody, adjustProblems } from './AdjustDialog';
import type { OrderPagesConfig } from './config';
import { defaultPeriod, periodProblem } from './period';
import { ProductReportPage, totalOf, type ProductReportConfig, type ReportRow } from './ProductReport';

setUpPageTests();

interface Row extends ReportRow {
  gardenName: string;
  seats: number;
}

const REPORT: ProductReportConfig<Row> = { service: 'ticket-app', path: '/saas/x/report', messages: 'x.r', place: 'gardenName', unit: 'seats', testId: 'x-report' };

const MESSAGES: Record<string, string> = {
  'x.r.title': 'Per product',
  'x.r.total': 'Total',
  'x.r.fields.startDate': 'From',
  'x.r.fields.endDate': 'To',
  'x.r.fields.productName': 'Product',
  'x.r.fields.gardenName': 'Garden',
  'x.r.fields.orderNum': 'Orders',
  'x.r.fields.seats': 'Seats',
  'x.r.fields.orderPrice': 'Amount',
  'x.r.fields.supplierPrice': 'Supplier amount',
  'x.r.fields.profit': 'Profit',
  'x.r.fields.cancelNum': 'Cancelled',
  'x.r.rules.dates': 'Choose the period',
  'x.r.rules.order': 'End before start',
  'x.r.rules.tooLong': 'At most a year',
  'x.a.adjustTitle': 'Adjust',
  'x.a.orderPrice': 'Order price',
  'x.a.supplierPrice': 'Supplier price',
  'x.a.now': 'Now {amount}',
  'x.a.reason': 'Reason',
  'x.a.rules.amountNeeded': 'An amount, please',
  'x.a.rules.reason': 'A reason, please',
};

const ROW: Row = { productId: 21, productName: 'Morning entry', gardenName: 'West Garden', orderNum: 3, seats: 7, orderPrice: 340_000, supplierPrice: 290_000, profit: 50_000, cancelNum: 1 };

const Report = () => <ProductReportPage config={REPORT} />;

describe('product report', () => {
  it("asks the kind's path for the period and shows its place, unit and the totals", async () => {
    const calls = serve(() => [ROW, { ...ROW, productId: 22, productName: 'Night tour', seats: 2, orderNum: 1, orderPrice: 45_000, supplierPrice: 38_000, profit: 7_000, cancelNum: 0 }]);
    const { problems } = renderPage(Report, MESSAGES);
    expect(await screen.findByText('Morning entry (21)')).toBeTruthy();
    expect(calls[0].url.pathname).toBe('/api/ticket-app/saas/x/report');
    expect(query(calls[0])).toEqual(defaultPeriod());
    const table = screen.getByTestId('x-report');
    expect(within(table).getByText('Garden')).toBeTruthy();
    expect(within(table).getByText('Seats')).toBeTruthy();
    expect(within(table).getAllByText('West Garden')).toHaveLength(2);
    const total = within(table).getByText('Total').closest('tr') as HTMLElement;
    // Orders, seats, amount, supplier amount, profit, cancelled.
    expect(Array.from(total.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['Total', '', '4', '9', '3850.00', '3280.00', '570.00', '1']);

    fireEvent.change(screen.getByTestId('report-start'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('report-end'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    await waitFor(() => expect(query(lastGet(calls))).toEqual({ startDate: '2026-01-01', endDate: '2026-03-31' }));

    fireEvent.change(screen.getByTestId('report-start'), { target: { value: '2026-04-01' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    expect(await screen.findByText('End before start')).toBeTruthy();
    fireEvent.change(screen.getByTestId('report-start'), { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByTestId('search-inquire'));
    expect(await screen.findByText('At most a year')).toBeTruthy();
    expect(calls).toHaveLength(2);
    expect(problems).toEqual([]);
  });

  it("leaves out a distributor's missing supplier amount and profit", async () => {
    session.setUser({ id: 3, username: 'distributor', saasId: 1001, mchId: 2002, mscType: 312 } as never, { mchType: 2 });
    serve(() => [{ ...ROW, supplierPrice: undefined, profit: undefined }]);
    const { problems } = renderPage(Report, MESSAGES);
    await screen.findByText('Morning entry (21)');
    expect(screen.queryByText('Supplier amount')).toBeNull();
    expect(screen.queryByText('Profit')).toBeNull();
    expect(problems).toEqual([]);
  });

  it('sums an absent amount as nothing', () => {
    expect(totalOf([{ ...ROW, supplierPrice: undefined, profit: undefined }, ROW], 'seats')).toEqual({ orderNum: 6, seats: 14, orderPrice: 680_000, supplierPrice: 290_000, profit: 50_000, cancelNum: 2 });
  });

  it('checks the period and starts on the business day (China time)', () => {
    // 17:00 UTC on 25 November is already the 26th in China.
    expect(defaultPeriod(Date.UTC(2026, 10, 25, 17, 0))).toEqual({ startDate: '2026-11-01', endDate: '2026-11-26' });
    expect(periodProblem({ startDate: '', endDate: '2026-01-01' })).toBe('dates');
    expect(periodProblem({ startDate: '2026-01-02', endDate: '2026-01-01' })).toBe('order');
    expect(periodProblem({ startDate: '2024-01-01', endDate: '2025-01-01' })).toBe('tooLong');
    expect(periodProblem({ startDate: '2024-01-02', endDate: '2025-01-01' })).toBeNull();
  });
});

const CONFIG: OrderPagesConfig = {
  service: 'ticket-app',
  messages: { fields: 'x.f', detail: 'x.d', actions: 'x.a', back: 'x.back' },
  detailPath: (orderId) => `/x/order/detail?orderId=${orderId}`,
};

describe('adjust dialog', () => {
  it('sends the amounts typed in yuan as fen, with the reason, to the path it is told', async () => {
    const calls = serve(() => ({}));
    let done = 0;
    const Page = () => (
      <AdjustDialog
        config={CONFIG}
        path="/saas/x/adjust"
        orderId={42}
        amounts={[
          { field: 'orderPrice', now: 12_000 },
          { field: 'supplierPrice', now: undefined },
        ]}
        onClose={() => undefined}
        onDone={() => (done += 1)}
      />
    );
    const { problems } = renderPage(Page, MESSAGES);
    const dialog = await screen.findByTestId('order-adjust-dialog');
    expect(within(dialog).getByText('Now 120.00')).toBeTruthy();
    expect(within(dialog).queryByTestId('field-channelPrice')).toBeNull();
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('An amount, please')).toBeTruthy();
    expect(within(dialog).getByText('A reason, please')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-supplierPrice'), { target: { value: '12.345' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    expect(await within(dialog).findByText('Please enter an amount with at most two decimals')).toBeTruthy();
    expect(writes(calls)).toHaveLength(0);
    fireEvent.change(screen.getByTestId('field-supplierPrice'), { target: { value: '95.5' } });
    fireEvent.change(screen.getByTestId('field-remark'), { target: { value: ' agreed by phone ' } });
    fireEvent.click(within(dialog).getByTestId('form-submit'));
    await waitFor(() => expect(done).toBe(1));
    expect(writes(calls)[0].method).toBe('PUT');
    expect(writes(calls)[0].url.pathname).toBe('/api/ticket-app/saas/x/adjust');
    expect(writes(calls)[0].body).toEqual({ orderId: 42, supplierPrice: 9_550, remark: 'agreed by phone' });
    expect(problems).toEqual([]);
  });

  it('keeps an amount left empty and sends a zero', () => {
    const fields = ['orderPrice', 'supplierPrice', 'cancelPrice'];
    expect(adjustBody(42, fields, { orderPrice: '1200.5', supplierPrice: '', cancelPrice: '0', remark: ' phone ' })).toEqual({ orderId: 42, orderPrice: 120_050, cancelPrice: 0, remark: 'phone' });
    expect(adjustProblems(fields, { orderPrice: ' ', supplierPrice: '', cancelPrice: '', remark: '' }, 'x.a')).toEqual({ orderPrice: 'x.a.rules.amountNeeded', remark: 'x.a.rules.reason' });
    expect(adjustProblems(fields, { orderPrice: 'abc', supplierPrice: '', cancelPrice: '', remark: 'r' }, 'x.a')).toEqual({ orderPrice: 'form.amount' });
  });
});
