// The finance and accounting pages in a real browser against the real fleet: the demo tenant
// admin (the tenant's finance staff) opens the credit limits from the sidebar, changes Demo
// Distributor's limit with a reason and sees it in the list and in its change log; the balances
// and the balance chart, the credit log (filled from the demo hotel's history) with the spec's
// filters, the cash log with money put in after the question, the bank accounts with one added
// and disabled; the distributor's page of saas-main shows the changed limit. Then the
// distributor, paying an order by credit, sees its available credit.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiCall, apiLogin, bookOnlinePaid, day, login, newPage, shot, useFleet } from '../lib.mjs';

const ctx = useFleet();

/** The row of a list table holding `text`. */
const row = (page, table, text) => page.getByTestId(table).getByRole('row').filter({ hasText: text });

/** At 1440 px a table fits beside the sidebar: no sideways scrolling. */
async function fits(page, table) {
  const m = await page.getByTestId(table).evaluate((t) => {
    const scroller = t.querySelector('.MuiTableContainer-root') ?? t;
    return { scroll: scroller.scrollWidth, client: scroller.clientWidth };
  });
  assert.ok(m.scroll <= m.client, `${table} overflows: ${JSON.stringify(m)}`);
}

describe('the finance and accounting pages', () => {
  it('changes a distributor’s credit limit with a reason and shows it and its history', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    // Reached from the sidebar of the base application.
    await page.goto(`${ctx.fleet.url}/saas-app/account/user/list`);
    await page.getByTestId('menu-/saas-app/finance').click();
    await page.getByTestId('menu-/saas-app/finance/credit/list').click();
    await page.waitForURL(`${ctx.fleet.url}/saas-app/finance/credit/list`);
    const demo = row(page, 'base-credit-table', 'Demo Distributor');
    await demo.getByText('50000.00', { exact: true }).waitFor();
    await demo.getByText('65000.00', { exact: true }).waitFor();
    await fits(page, 'base-credit-table');
    await shot(page, 'finance-credit-list');

    await page.getByTestId('credit-edit-2002').click();
    const dialog = page.getByTestId('credit-dialog');
    assert.equal(await dialog.getByTestId('field-credit').inputValue(), '50000.00');
    await dialog.getByTestId('field-credit').fill('60000.5');
    // The reason is required: nothing is sent without it.
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText('Please enter Reason').waitFor();
    await dialog.getByTestId('field-reason').fill('e2e: peak season');
    await page.waitForTimeout(300);
    await shot(page, 'finance-credit-change');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await demo.getByText('60000.50', { exact: true }).waitFor();
    // 60000.50 + 10000.00 temporary + 5000.00 balance.
    await demo.getByText('75000.50', { exact: true }).waitFor();
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    const stored = await apiCall(ctx.fleet.url, 'GET', '/api/finance-app/saas/finance/credit/list?mchId=2002', token);
    assert.equal(stored.body.data.results[0].credit, 6_000_050, JSON.stringify(stored.body));

    await page.getByTestId('credit-history-2002').click();
    const log = page.getByTestId('credit-changes');
    const latest = log.getByRole('row').filter({ hasText: 'e2e: peak season' });
    await latest.getByText('50000.00', { exact: true }).waitFor();
    await latest.getByText('60000.50', { exact: true }).waitFor();
    await latest.getByText('demo', { exact: true }).waitFor();
    await log.getByText('demo data').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'finance-credit-history');
    await page.getByTestId('credit-changes-close').click();
    await log.waitFor({ state: 'detached' });

    // saas-main's distributor list and form show finance-app's figures (its copy, told over the
    // bus), and the form sends the user to the credit limits to change them.
    await page.goto(`${ctx.fleet.url}/saas-app/merchant/distributor/list`);
    const listed = row(page, 'base-distributors-table', 'Demo Distributor');
    await listed.getByText('60000.50', { exact: true }).waitFor();
    await page.getByTestId('merchant-edit-2002').click();
    const credit = page.getByTestId('merchant-credit');
    await credit.getByText(/permanent 60000\.50, temporary 10000\.00/).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'base-distributor-credit');
    await page.getByTestId('merchant-credit-limits').click();
    await page.waitForURL(`${ctx.fleet.url}/saas-app/finance/credit/list`);
    await page.close();
  });

  it('shows the balances, a distributor’s balance chart, and puts prepaid money in', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    await page.goto(`${ctx.fleet.url}/saas-app/accounting/balance/info/list`);
    await row(page, 'base-balances-table', 'Demo Distributor').getByText('5000.00', { exact: true }).waitFor();
    await fits(page, 'base-balances-table');
    await shot(page, 'finance-balances');
    await page.getByTestId('balance-chart-2002').click();
    await page.waitForURL(/\/saas-app\/accounting\/balance\/info\/graphList\?mchId=2002$/);
    await page.getByTestId('chart-latest').getByText('5000.00', { exact: true }).waitFor();
    await page.getByTestId('balance-chart').locator('.recharts-line').first().waitFor();
    assert.equal(await page.getByTestId('balance-chart').locator('.recharts-line').count(), 2);
    await shot(page, 'finance-balance-chart');

    await page.goto(`${ctx.fleet.url}/saas-app/accounting/cash/log/list`);
    await row(page, 'base-cash-table', 'demo prepayment').waitFor();
    await page.getByTestId('cash-add').click();
    const dialog = page.getByTestId('cash-dialog');
    await dialog.getByRole('combobox', { name: /Distributor/ }).click();
    await page.getByRole('option', { name: 'Demo Distributor' }).click();
    await dialog.getByTestId('field-money').fill('1200.3');
    await dialog.getByTestId('field-remark').fill('e2e transfer 0042');
    await dialog.getByTestId('form-submit').click();
    await page.getByTestId('confirm-dialog').getByText("Put 1200.30 yuan into Demo Distributor's balance?").waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'finance-cash-confirm');
    await page.getByTestId('confirm-yes').click();
    await dialog.waitFor({ state: 'detached' });
    const moved = row(page, 'base-cash-table', 'e2e transfer 0042');
    await moved.getByText('1200.30', { exact: true }).waitFor();
    await moved.getByText('6200.30', { exact: true }).waitFor();
    await fits(page, 'base-cash-table');
    await shot(page, 'finance-cash-log');
    await page.close();
  });

  it('lists the credit log with the spec’s filters', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    await page.goto(`${ctx.fleet.url}/saas-app/accounting/credit/log/list`);
    // The demo hotel's year of orders reaches finance-app as its events arrive.
    const table = page.getByTestId('base-creditlogs-table');
    await table.getByRole('row').nth(1).getByText(/^Hotel × \d+$/).waitFor({ timeout: 60_000 });
    await shot(page, 'finance-credit-log');
    await fits(page, 'base-creditlogs-table');
    await page.getByRole('combobox', { name: 'Date of' }).click();
    await page.getByRole('option', { name: 'Check-in date' }).click();
    await page.getByTestId('creditlog-start').fill(day(-400));
    await page.getByTestId('creditlog-end').fill(day(400));
    await page.getByRole('combobox', { name: 'Receipt' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    const asked = page.waitForRequest((r) => r.url().includes('/saas/credit/log/list') && r.url().includes('dateType=2'));
    await page.getByTestId('search-inquire').click();
    const url = new URL((await asked).url());
    assert.equal(url.searchParams.get('receiptProgress'), '1');
    assert.equal(url.searchParams.get('startDate'), day(-400));
    await table.getByRole('row').nth(1).getByText(/^Hotel × \d+$/).waitFor();
    await page.close();
  });

  it('adds a bank account and disables it after the question', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    await page.goto(`${ctx.fleet.url}/saas-app/finance/bank/list`);
    await row(page, 'base-banks-table', '6222021202001234567').waitFor();
    await page.getByTestId('bank-add').click();
    const dialog = page.getByTestId('bank-dialog');
    await dialog.getByTestId('field-bankName').fill('Bank of China');
    await dialog.getByTestId('field-accountName').fill('Demo Travel');
    // The number the demo account has: finance-app's 412 shows under the number.
    await dialog.getByTestId('field-accountNo').fill('6222 0212 0200 1234 567');
    await dialog.getByTestId('form-submit').click();
    await dialog.getByText(/bank account with this number/).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'finance-bank-taken');
    await dialog.getByTestId('field-accountNo').fill('6217 0000 1111 2222');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const added = row(page, 'base-banks-table', '6217000011112222');
    await added.getByText('In use').waitFor();
    await added.getByRole('button', { name: 'Disable' }).click();
    await page.getByTestId('confirm-dialog').getByText(/Disable the bank account Bank of China 6217000011112222\?/).waitFor();
    await page.getByTestId('confirm-yes').click();
    await added.getByText('Disabled').waitFor();
    await shot(page, 'finance-banks');
    await fits(page, 'base-banks-table');
    await page.close();
  });

  it('makes a receipt of a distributor’s order, records the money, confirms and reviews it', async () => {
    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'demo', 'demo123');
    await page.goto(`${ctx.fleet.url}/saas-app/finance/verify/listDistributorVerifyOrder?mchId=2002`);
    const table = page.getByTestId('base-receipt-orders-table');
    // The demo history's orders reach the ledger as their events arrive.
    const pick = table.locator('input[data-testid^="pick-"]').first();
    await pick.waitFor({ timeout: 60_000 });
    await pick.check();
    await fits(page, 'base-receipt-orders-table');
    await shot(page, 'finance-receipt-orders');
    await page.getByTestId('settlement-make').click();
    const make = page.getByTestId('make-dialog');
    await make.getByTestId('field-remark').fill('e2e receipt');
    await make.getByTestId('form-submit').click();
    await make.waitFor({ state: 'detached' });

    await page.goto(`${ctx.fleet.url}/saas-app/finance/receipt/list`);
    const receipt = row(page, 'base-receipts-table', 'Demo Distributor').first();
    await receipt.getByText('Awaiting receipt').waitFor();
    await fits(page, 'base-receipts-table');
    await shot(page, 'finance-receipts');
    await receipt.getByRole('button', { name: 'Detail' }).click();
    const detail = page.getByTestId('settlement-detail');
    await detail.getByTestId('settlement-record').click();
    const money = page.getByTestId('money-dialog');
    await money.getByTestId('field-serialId').fill('E2E-0001');
    await money.getByRole('combobox', { name: /Bank account/ }).click();
    await page.getByRole('option', { name: /6222021202001234567/ }).click();
    await money.getByTestId('form-submit').click();
    await money.waitFor({ state: 'detached' });
    await detail.getByText('Pending confirm').waitFor();
    await detail.locator('[data-testid^="log-confirm-"]').first().click();
    await page.getByTestId('confirm-dialog').getByText('Confirm this money has been received?').waitFor();
    await page.getByTestId('confirm-yes').click();
    await detail.getByTestId('settlement-logs').getByText('Confirmed').waitFor();
    await detail.getByTestId('settlement-figures').getByText('Full', { exact: true }).waitFor();
    await detail.getByTestId('settlement-review').click();
    await page.getByTestId('confirm-dialog').getByText('Confirm receipt information is correct?').waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'finance-receipt-review');
    await page.getByTestId('confirm-yes').click();
    await detail.getByTestId('settlement-figures').getByText('Reviewed', { exact: true }).waitFor();
    await detail.getByTestId('settlement-orders').getByText('Reconciled and reviewed').waitFor();
    await shot(page, 'finance-receipt-detail');
    await page.getByTestId('settlement-close').click();

    await page.goto(`${ctx.fleet.url}/saas-app/finance/verify/listDistributorReceiptSummary`);
    await row(page, 'base-receipt-summary-table', 'Demo Distributor').waitFor();
    await fits(page, 'base-receipt-summary-table');
    await shot(page, 'finance-receipt-summary');
    await page.close();
  });

  it('shows the distributor its available credit before it pays by credit', async () => {
    const distributor = await apiLogin(ctx.fleet.url, 'distributor', 'distributor123');
    const { orderId, product: online } = await bookOnlinePaid(ctx.fleet.url, distributor, 5, 'Li Lei', '13812345678');
    const check = await apiCall(ctx.fleet.url, 'GET', '/api/finance-app/saas/finance/credit/check', distributor);
    const available = (check.body.data.available / 100).toFixed(2);

    const page = await newPage(ctx.browser, 'en-US');
    await login(page, ctx.fleet.url, 'distributor', 'distributor123');
    await page.goto(`${ctx.fleet.url}/saas-hotel-app/order/detail?orderId=${orderId}`);
    await page.getByTestId('order-action-pay').click();
    const dialog = page.getByTestId('order-action-dialog');
    await dialog.getByText(`Available credit: ${available} CNY`).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'finance-pay-available-credit');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The booking form of a product paid online says it too.
    await page.goto(`${ctx.fleet.url}/saas-hotel-app/booking/hotelBookings/list`);
    await page.fill('[data-testid="booking-checkin"]', day(5));
    await page.fill('[data-testid="booking-checkout"]', day(6));
    await page.getByTestId('search-inquire').click();
    await page.getByTestId('hotel-booking-table').getByRole('link', { name: 'Demo Seaside Hotel' }).click();
    const product = page.getByTestId('booking-products-table').getByRole('row').filter({ hasText: online.productName });
    await product.getByRole('button', { name: 'Book' }).click();
    await page.getByTestId('order-dialog').getByText(`Available credit: ${available} CNY`).waitFor();
    await page.waitForTimeout(300);
    await shot(page, 'finance-booking-available-credit');
    await page.close();
  });
});
